// Chaek (책): a reader whose session ended (signed out in another window, or the password changed)
// goes to the sign-in page, and comes back to where they were: every call this page makes that
// the server answers 401 leads there, whichever module made it.

const fetchOnce = window.fetch.bind(window);

export function startSession() {
  window.fetch = async (...args) => {
    const response = await fetchOnce(...args);
    if (response.status === 401 && new URL(response.url, location.href).origin === location.origin) {
      location.assign(`/signin?next=${encodeURIComponent(location.pathname + location.search)}`);
    }
    return response;
  };
}
