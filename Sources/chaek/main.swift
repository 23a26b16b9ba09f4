import ChaekCLI
import Foundation

exit(
  await CLI.run(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))
