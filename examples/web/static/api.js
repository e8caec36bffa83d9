// The server's JSON API (see /api/<name> in the server): every call is a POST with a JSON body.

/** A refused call: the HTTP status, the server's error code and its message in en/zh. */
export class ApiError extends Error {
  constructor(status, code, message) {
    super(message ? message.en : code);
    this.status = status;
    this.code = code;
    /** `{en, zh}` from the server, or null when the server could not be reached. */
    this.text = message || null;
  }
}

/** How many times a call is made while the server answers that it is busy (503). */
const BUSY_TRIES = 5;

/**
 * Calls `POST /api/<name>` with `body`; resolves to the answer, rejects with an `ApiError`.
 * While the server is busy (503), asks again after the seconds its `Retry-After` names.
 */
export async function call(name, body) {
  for (let tries = 1; ; tries += 1) {
    let response;
    try {
      response = await fetch(`/api/${name}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    } catch {
      throw new ApiError(0, 'unreachable', null);
    }
    if (response.status === 503 && tries < BUSY_TRIES) {
      const seconds = Number(response.headers.get('Retry-After')) || 1;
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      continue;
    }
    let answer = null;
    try {
      answer = await response.json();
    } catch {
      // an answer that is not JSON is reported by its status below
    }
    if (!response.ok) {
      const error = (answer && answer.error) || {};
      throw new ApiError(response.status, error.code || `http_${response.status}`, error.message || null);
    }
    return answer;
  }
}
