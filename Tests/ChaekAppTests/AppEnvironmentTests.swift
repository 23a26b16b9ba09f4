import Foundation
import Testing

@testable import ChaekApp

@Suite("The environment: data directory, provider settings, token")
struct AppEnvironmentTests {
  private let scratch = FileManager.default.temporaryDirectory.appending(path: "chaek-env-\(UUID())").path

  @Test func chaekHomeComesFirstThenXDGThenHomeAndEmptyValuesAreUnset() throws {
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let all = ["CHAEK_HOME": "\(scratch)/a", "XDG_DATA_HOME": "\(scratch)/b", "HOME": "\(scratch)/c"]
    #expect(try AppEnvironment(all).home().directory.path == "\(scratch)/a")
    var rest = all
    rest["CHAEK_HOME"] = ""
    #expect(try AppEnvironment(rest).home().directory.path == "\(scratch)/b/chaek")
    rest["XDG_DATA_HOME"] = nil
    #expect(try AppEnvironment(rest).home().directory.path == "\(scratch)/c/.local/share/chaek")
    var isDirectory: ObjCBool = false
    #expect(
      FileManager.default.fileExists(atPath: "\(scratch)/c/.local/share/chaek", isDirectory: &isDirectory))
    #expect(isDirectory.boolValue, "the directory is created")
  }

  @Test func aHomeThatCannotBeCreatedSaysWhich() throws {
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    #expect(FileManager.default.createFile(atPath: "\(scratch)/file", contents: Data()))
    let error = #expect(throws: AppError.self) {
      try AppEnvironment(["CHAEK_HOME": "\(scratch)/file/home"]).home()
    }
    #expect(error?.message.hasPrefix("cannot create the data directory \(scratch)/file/home") == true)
  }

  @Test func providerSettingsNameTheVariableThatCannotBeUsed() throws {
    let error = #expect(throws: AppError.self) {
      try AppEnvironment(["CHAEK_KAKAO_URL": "ftp://example.com"]).providerSettings()
    }
    #expect(error?.message == "CHAEK_KAKAO_URL is not an http(s) URL: ftp://example.com")
    let settings = try AppEnvironment(["KAKAO_REST_API_KEY": " key "]).providerSettings()
    #expect(settings.kakaoKey == "key")
  }

  @Test func theTokenIsNilWhenUnsetOrEmpty() {
    #expect(AppEnvironment(["CHAEK_TOKEN": "t0k"]).token == "t0k")
    #expect(AppEnvironment(["CHAEK_TOKEN": ""]).token == nil)
    #expect(AppEnvironment([:]).token == nil)
  }
}
