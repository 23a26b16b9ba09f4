import ChaekApp

/// The sign-in page of a Chaek with accounts: a name and a password, in Korean and the app's look,
/// a plain form that works without the script (and that password managers recognise).
struct SignInPage {
  /// Where to go once signed in: a path of this site.
  var next = "/"
  /// The name typed, kept when the sign-in failed.
  var name = ""
  /// Why the last try failed, if it did.
  var problem: String?

  var body: HTML {
    let alert: HTML = problem.map { "<p class=\"signin-problem\" role=\"alert\">\($0)</p>" } ?? ""
    return """
      <!doctype html><html lang="ko"><head><meta charset="utf-8">\
      <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">\
      <meta name="color-scheme" content="light dark"><title>로그인 — 책</title>\
      <link rel="manifest" href="/manifest.webmanifest">\
      <link rel="icon" href="/icons/icon-192.png">\
      \(Page.stylesheets)</head><body class="plain"><main class="signin">\
      <img class="signin-logo" src="/icons/icon-192.png" alt="" width="72" height="72">\
      <h1>책</h1><p class="signin-lead">함께 쓰는 책장이에요. 이름과 비밀번호로 로그인해 주세요.</p>\
      \(alert)\
      <form class="signin-form" method="post" action="/signin">\
      <input type="hidden" name="next" value="\(next)">\
      <label for="signin-name">이름</label>\
      <input id="signin-name" name="name" value="\(name)" autocomplete="username" autocapitalize="none" \
      spellcheck="false" required\(problem == nil ? " autofocus" : "")>\
      <label for="signin-password">비밀번호</label>\
      <input id="signin-password" name="password" type="password" autocomplete="current-password" required\
      \(problem == nil ? "" : " autofocus")>\
      <button class="pill primary" type="submit">로그인</button>\
      </form>\
      <p class="signin-help">계정이 없으면 이 책장을 관리하는 분께 부탁해 주세요.</p>\
      </main></body></html>
      """
  }

  /// The message for a failed sign-in.
  static func message(for error: SignInError) -> String {
    switch error {
    case .wrongNameOrPassword: "이름 또는 비밀번호가 맞지 않아요."
    case .signedOut: "로그인해 주세요."
    case .throttled(let seconds): "로그인 시도가 너무 많아요. \(seconds)초 뒤에 다시 해 주세요."
    }
  }
}
