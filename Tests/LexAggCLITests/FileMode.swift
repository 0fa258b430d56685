import Foundation

/// File types and permissions for tests, from `FileManager` (which does not follow a symbolic link at the path).
enum FileMode {
    /// The permission bits of `path`; nil when it does not exist.
    static func permissions(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int
    }

    /// What `path` itself is (a link is a link); nil when it does not exist.
    static func type(_ path: String) -> FileAttributeType? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
    }

    /// The size in bytes of `path`; nil when it does not exist.
    static func size(_ path: String) -> Int? {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue
    }
}
