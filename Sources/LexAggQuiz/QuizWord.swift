import Foundation
import LexAggCore

/// A library word as the quiz sees it: plain values, so the engine needs no database.
public struct QuizWord: Sendable, Hashable, Identifiable {
    /// The library's id of the word.
    public var id: Int64
    public var text: String
    public var language: Language
    public var partOfSpeech: PartOfSpeech?
    /// The meaning the quiz asks about (the word's first definition).
    public var definition: String
    public var review: ReviewSchedule

    public init(id: Int64, text: String, language: Language, partOfSpeech: PartOfSpeech? = nil, definition: String,
                review: ReviewSchedule = ReviewSchedule()) {
        self.id = id
        self.text = text
        self.language = language
        self.partOfSpeech = partOfSpeech
        self.definition = definition
        self.review = review
    }
}

/// A word's spaced-repetition schedule and its answer history.
public struct ReviewSchedule: Sendable, Hashable, Codable {
    /// Right answers in a row since the last lapse (SM-2's *n*).
    public var repetitions: Int
    /// SM-2's easiness factor (*EF*), never below 1.3.
    public var easeFactor: Double
    /// Days until the next review (SM-2's *I*).
    public var intervalDays: Int
    /// When the word is next due; `nil` for a word never asked.
    public var due: Date?
    public var seen: Int
    public var right: Int
    public var wrong: Int
    public var lastSeen: Date?

    public init(repetitions: Int = 0, easeFactor: Double = SM2.initialEaseFactor, intervalDays: Int = 0,
                due: Date? = nil, seen: Int = 0, right: Int = 0, wrong: Int = 0, lastSeen: Date? = nil) {
        self.repetitions = repetitions
        self.easeFactor = easeFactor
        self.intervalDays = intervalDays
        self.due = due
        self.seen = seen
        self.right = right
        self.wrong = wrong
        self.lastSeen = lastSeen
    }

    /// Whether the word is due for review at `now` (a word never asked is new, not due).
    public func isDue(at now: Date) -> Bool {
        guard let due else { return false }
        return due <= now
    }
}
