// Chaek (책): what went wrong, in the reader's words. The server answers errors as Kakao does
// ({"errorType","message"}), its message in English for scripts and the log; the page says each
// error type in Korean, in one register (해요체), and never shows a raw body or an English sentence.

const byType = {
  Offline: "서버에 연결할 수 없어요. 연결되면 다시 해 주세요.",
  InvalidArgument: "저장할 수 없는 값이에요. 입력한 내용을 확인해 주세요.",
  BadRequest: "요청을 알아듣지 못했어요. 페이지를 새로 고친 뒤 다시 해 주세요.",
  NotFound: "찾을 수 없어요. 다른 창에서 지웠을 수 있어요.",
  Conflict: "다른 창에서 먼저 바뀌었어요. 새로 불러온 내용을 보고 다시 해 주세요.",
  OtherEditionSaved: "이 책의 다른 판본을 이미 담았어요. 책 정보의 ‘판본’에서 이 판본으로 바꿀 수 있어요.",
  PayloadTooLarge: "보낸 내용이 너무 커요.",
  UnsupportedMediaType: "이 형식은 받을 수 없어요.",
  UnreadableFile: "읽을 수 없는 파일이에요.",
  ProviderError: "책을 찾아 줄 곳에 연결하지 못했어요. 잠시 뒤 다시 해 주세요.",
  ServiceUnavailable: "지금은 답할 수 없어요. 잠시 뒤 다시 해 주세요.",
  Forbidden: "이 페이지에서만 할 수 있어요. 페이지를 새로 고친 뒤 다시 해 주세요.",
  Unauthorized: "권한이 없어요. 다시 로그인해 주세요.",
};

// A response as the page reads it: { ok, status, body (its JSON, else {}), text }.
export async function replyOf(response) {
  const text = await response.text().catch(() => "");
  let body = {};
  try { body = JSON.parse(text) ?? {}; } catch {}
  return { ok: response.ok, status: response.status, body, text };
}

// A reply ({ status, body }) or a thrown error as one Korean sentence. A failure the server did not
// foresee (500) keeps its id, for whoever reads the server's log.
export function problem(reply) {
  if (!reply || reply.status === 0 || reply instanceof Error) return byType.Offline;
  const known = byType[reply.body?.errorType];
  if (known) return known;
  if (reply.status >= 500) {
    const id = /\(id ([0-9a-f]+)\)/.exec(reply.text ?? "")?.[1];
    return `뜻밖의 문제가 생겼어요. 잠시 뒤 다시 해 주세요.${id ? ` (오류 번호 ${id})` : ""}`;
  }
  return "잠시 뒤 다시 해 주세요.";
}

// What a caught error says to the reader: a Problem's sentence; a failed fetch (a TypeError) is the
// server out of reach; anything else (a fault in the page itself) a plain one.
export function reasonFor(error) {
  if (error instanceof Problem) return error.message;
  if (error instanceof TypeError) return byType.Offline;
  return "뜻밖의 문제가 생겼어요. 페이지를 새로 고쳐 보세요.";
}

// An Error whose message is the reader's sentence for `reply`, for code that throws.
export class Problem extends Error {
  constructor(reply) {
    super(problem(reply));
    this.reply = reply;
  }
}
