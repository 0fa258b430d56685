import Foundation

/// Chooses which words a quiz asks about, and in what order.
///
/// Due words come first: the longest overdue day first, and within a day the hardest (lowest ease factor, so a word
/// missed last time comes before one answered right), then the earliest due. A quiz then takes new words (never
/// asked) in random order, then words not yet due, soonest first. A review takes due words only.
public enum QuizPlanner {
    public enum Selection: Sendable {
        /// Due words first, then new ones, then the rest.
        case quiz
        /// Due words only.
        case review
    }

    public static func words(from words: [QuizWord], count: Int, at now: Date, selection: Selection,
                             using generator: inout some RandomNumberGenerator) -> [QuizWord] {
        let due = words.filter { $0.review.isDue(at: now) }.sorted { dueOrder($0, $1) }
        guard selection == .quiz else { return Array(due.prefix(count)) }
        let new = words.filter { $0.review.due == nil }.shuffled(using: &generator)
        let later = words.filter { ($0.review.due.map { $0 > now }) ?? false }.sorted { dueOrder($0, $1) }
        return Array((due + new + later).prefix(count))
    }

    /// When the next word not due at `now` becomes due, and how many are due then (same calendar day, UTC).
    public static func nextDue(in words: [QuizWord], after now: Date) -> (date: Date, count: Int)? {
        let upcoming = words.compactMap(\.review.due).filter { $0 > now }.sorted()
        guard let first = upcoming.first else { return nil }
        let day = dayNumber(first)
        return (first, upcoming.filter { dayNumber($0) == day }.count)
    }

    static func dueOrder(_ a: QuizWord, _ b: QuizWord) -> Bool {
        let (dueA, dueB) = (a.review.due ?? .distantPast, b.review.due ?? .distantPast)
        if dayNumber(dueA) != dayNumber(dueB) { return dayNumber(dueA) < dayNumber(dueB) }
        if a.review.easeFactor != b.review.easeFactor { return a.review.easeFactor < b.review.easeFactor }
        if dueA != dueB { return dueA < dueB }
        return a.id < b.id
    }

    static func dayNumber(_ date: Date) -> Int {
        Int((date.timeIntervalSince1970 / SM2.day).rounded(.down))
    }
}
