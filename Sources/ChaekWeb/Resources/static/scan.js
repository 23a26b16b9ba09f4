// Chaek (책) scanning: the 스캔 button finds a book by the barcode on its back. Where the browser
// has BarcodeDetector and a camera, it reads the camera live; everywhere else (iOS Safari, desktop
// Chromium on Linux) it takes or picks a photo, reduces it to gray pixels on a canvas and sends
// them to the server, which reads the barcode with zbar. The ISBN found opens the book's sheet in
// place (no page load); an ISBN no one knows is searched, or kept to try again online.

import { ID } from "./names.js";
import { Problem, problem, reasonFor, replyOf } from "./problems.js";

const MAX_SIDE = 1600; // the server takes at most 4 MB of pixels

// Wires the 스캔 button. The page gives `say` (shows a message on the status line), `open(id)`
// (opens a book's sheet), `search(isbn)` (searches an ISBN) and `keep(isbn)` (keeps it among the
// recent searches).
export function startScan(page) {
  const { say } = page;
  const button = document.getElementById(ID.scanButton);
  const file = document.getElementById(ID.scanFile);
  if (!button || !file) return;
  button.addEventListener("click", async () => {
    if (await liveScan(page)) return;
    file.click();
  });
  file.addEventListener("change", async () => {
    const photo = file.files[0];
    file.value = "";
    if (!photo) return;
    say("사진에서 바코드를 읽는 중…");
    try {
      const { pixels, width, height } = await grayPixels(photo);
      const response = await fetch(`/api/scan?width=${width}&height=${height}`, {
        method: "POST", headers: { Accept: "application/json" }, body: pixels,
      });
      const reply = await replyOf(response);
      if (!reply.ok) throw new Problem(reply);
      await found(reply.body, page);
    } catch (error) {
      // 503: the server is reading other scans and has no room for this one yet.
      const busy = error instanceof Problem && error.reply.status === 503;
      say(`바코드를 읽지 못했어요: ${busy ? "다른 사진을 읽는 중이에요. 잠시 뒤 다시 해 주세요." : reasonFor(error)}`);
    }
  });
}

// What a scan found: the book opens; an ISBN no one knows leads on (searched where a provider
// answers, else kept among the recent searches to try again online); else the reader is told what
// was read.
async function found(result, { say, open, search, keep }) {
  switch (result.result) {
    case "found":
      say("");
      open(result.entry.id);
      break;
    case "not_found": {
      if (result.provider === "answered") {
        search(result.isbn);
        return;
      }
      const kept = await keep(result.isbn);
      const where = result.provider === "unreachable"
        ? `ISBN ${result.isbn}을 읽었지만 지금은 온라인 검색에 연결할 수 없어요.`
        : `ISBN ${result.isbn}의 책이 오프라인 목록에 없어요.`;
      say(`${where} ${kept ? "최근 검색어에 남겨 두었으니 연결되면 다시 찾아 보세요." : `번호를 적어 두었다가 연결되면 다시 찾아 보세요.`} 제목이나 저자로 찾아도 돼요.`);
      break;
    }
    case "not_isbn":
      say(`바코드 ${result.code}는 책의 ISBN이 아니에요. 책의 ISBN은 978이나 979로 시작해요.`);
      break;
    default:
      say("바코드를 찾지 못했어요. 책 뒤표지의 바코드가 크고 또렷하게 나오도록 다시 찍어 보세요.");
  }
}

// The photo drawn on a canvas no larger than MAX_SIDE, as one gray byte per pixel.
async function grayPixels(photo) {
  const bitmap = await createImageBitmap(photo);
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = Object.assign(document.createElement("canvas"), { width, height });
  const context = canvas.getContext("2d", { willReadFrequently: true });
  context.drawImage(bitmap, 0, 0, width, height);
  const rgba = context.getImageData(0, 0, width, height).data;
  const pixels = new Uint8Array(width * height);
  for (let i = 0; i < pixels.length; i++) {
    pixels[i] = (rgba[i * 4] * 299 + rgba[i * 4 + 1] * 587 + rgba[i * 4 + 2] * 114) / 1000;
  }
  return { pixels, width, height };
}

// Reads the camera live with the browser's own BarcodeDetector, in a dialog with a 취소 button;
// `false` when the browser cannot (no detector for EAN-13, no camera, or permission refused).
async function liveScan(page) {
  const { say } = page;
  if (!("BarcodeDetector" in window) || !navigator.mediaDevices?.getUserMedia) return false;
  const formats = await BarcodeDetector.getSupportedFormats().catch(() => []);
  if (!formats.includes("ean_13")) return false;
  let stream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
  } catch {
    return false;
  }
  const dialog = document.getElementById(ID.scanDialog);
  const video = dialog.querySelector("video");
  video.srcObject = stream;
  dialog.showModal();
  await video.play().catch(() => {});
  const detector = new BarcodeDetector({ formats: ["ean_13"] });
  let scanning = true;
  dialog.addEventListener("close", () => { scanning = false; }, { once: true });
  try {
    while (scanning) {
      const codes = await detector.detect(video).catch(() => []);
      const isbn = codes.map((code) => code.rawValue).find((value) => /^97[89]\d{10}$/.test(value));
      if (isbn) {
        dialog.close();
        // The server looks it up as it does a photo's ISBN, and the page leads on the same way.
        const reply = await fetch(`/api/scan?isbn=${isbn}`, { method: "POST", headers: { Accept: "application/json" } })
          .then(replyOf, () => ({ ok: false, status: 0, body: {} }));
        if (reply.ok) await found(reply.body, page);
        else say(`바코드를 읽었지만 책을 찾지 못했어요: ${problem(reply)}`);
        return true;
      }
      if (codes.length) say(`바코드 ${codes[0].rawValue}는 책의 ISBN이 아니에요.`);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  } finally {
    for (const track of stream.getTracks()) track.stop();
    if (dialog.open) dialog.close();
  }
  return true;
}
