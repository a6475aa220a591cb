import { randomBytes } from 'node:crypto'

/** A file part of a multipart body. */
export interface FilePart {
  name: string
  filename: string
  content: Buffer
  contentType?: string
}

/** A file's name in its part's header: as it is in plain ASCII, else in RFC 5987's encoded form. */
const filenameParam = (filename: string) =>
  /^[\x20-\x21\x23-\x7e]*$/.test(filename)
    ? `filename="${filename}"`
    : `filename*=UTF-8''${encodeURIComponent(filename)}`

/**
 * A multipart/form-data body as a browser sends it: plain values as text, a list of objects as
 * `key[i].member` parts, and the files last.
 */
export function multipartBody(
  values: Record<string, unknown>,
  files: readonly FilePart[] = [],
): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = `----form${randomBytes(8).toString('hex')}`
  const chunks: Buffer[] = []
  const text = (name: string, value: unknown) =>
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`,
      ),
    )
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue
    if (Array.isArray(value)) {
      value.forEach((item, i) => {
        for (const [member, v] of Object.entries(item as Record<string, unknown>)) {
          if (v !== undefined) text(`${key}[${i}].${member}`, v)
        }
      })
    } else {
      text(key, value)
    }
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; ${filenameParam(f.filename)}\r\n` +
          `Content-Type: ${f.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.content,
      Buffer.from('\r\n'),
    )
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}
