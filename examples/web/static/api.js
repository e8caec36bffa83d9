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

/** Calls `POST /api/<name>` with `body`; resolves to the answer, rejects with an `ApiError`. */
export async function call(name, body) {
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
