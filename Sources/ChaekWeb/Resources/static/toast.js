// Chaek (책): the toast, a line that says what just happened, with 되돌리기 after a removal. The
// server renders its element (#toast); the script writes its words and its one button.

import { api } from "./api.js";
import { byId } from "./dom.js";
import { ID } from "./names.js";

const toast = byId(ID.toast);
let toastTimer;

// Shows `message` for a moment; with `action` ({ label, run }), a button beside it, and long enough
// to be pressed (12 s, held while the pointer or the focus is on it).
export function showToast(message, action) {
  const text = Object.assign(document.createElement("span"), { textContent: message });
  toast.replaceChildren(text);
  if (action) {
    const button = Object.assign(document.createElement("button"), { type: "button", textContent: action.label, className: "toast-action" });
    button.addEventListener("click", () => {
      toast.classList.remove("visible", "actionable");
      action.run();
    }, { once: true });
    toast.append(button);
  }
  toast.classList.toggle("actionable", Boolean(action));
  toast.classList.add("visible");
  clearTimeout(toastTimer);
  const hide = () => {
    if (toast.matches(":hover, :focus-within")) toastTimer = setTimeout(hide, 1000);
    else toast.classList.remove("visible", "actionable");
  };
  toastTimer = setTimeout(hide, action ? 12000 : 2500);
}

// After a removal: says what went, with 되돌리기, which puts it all back (the journal too) and then
// calls `undone`.
export function offerUndo(message, reply, undone) {
  if (reply.body.status === "queued") {
    showToast("오프라인이에요. 연결되면 삭제할게요.");
    return;
  }
  showToast(message, {
    label: "되돌리기",
    run: async () => {
      try {
        const { body } = await api("POST", `/api/library/undo/${reply.body.undo}`);
        await undone();
        showToast(body.restored > 0 ? `책 ${body.restored}권을 되돌렸어요` : "되돌릴 책이 없어요");
      } catch {
        showToast("되돌리지 못했어요. 삭제한 지 10분이 지났을 수 있어요.");
      }
    },
  });
}
