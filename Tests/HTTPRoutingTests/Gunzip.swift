import Foundation

/// Decompresses gzip data with the system's `gzip -dc`: an implementation independent of the
/// server's zlib code, and the one a `curl --compressed` user would trust.
func gunzip(_ data: Data) throws -> Data {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/gzip")
  process.arguments = ["-dc"]
  let input = Pipe()
  let output = Pipe()
  process.standardInput = input
  process.standardOutput = output
  try process.run()
  // Write from another thread: gzip's output can fill the pipe before it has read all its input.
  let writer = Thread {
    input.fileHandleForWriting.write(data)
    try? input.fileHandleForWriting.close()
  }
  writer.start()
  let decompressed = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  guard process.terminationStatus == 0 else {
    throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "gzip -dc failed"])
  }
  return decompressed
}
