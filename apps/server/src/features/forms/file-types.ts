/**
 * What a form's file is, read from its content, never from its name (decision 061): images (PNG,
 * JPEG, GIF, WebP), PDF, Word (.doc, .docx), Excel (.xlsx) and plain UTF-8 text (decision 073).
 * Anything else — an executable renamed `.pdf`, an archive, a script, a page or an SVG — is refused.
 */
export interface FileKind {
  contentType: string
  /** The extension the stored file gets. */
  ext: string
}

const startsWith = (buf: Buffer, bytes: readonly number[], at = 0) =>
  buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b)
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0))

const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]
const ZIP = [0x50, 0x4b, 0x03, 0x04]

/** The names of the entries a zip file's local headers carry. */
function zipEntryNames(buf: Buffer): Set<string> {
  const names = new Set<string>()
  let at = 0
  while (at + 30 <= buf.length && startsWith(buf, ZIP, at)) {
    const compressed = buf.readUInt32LE(at + 18)
    const nameLength = buf.readUInt16LE(at + 26)
    const extraLength = buf.readUInt16LE(at + 28)
    const flags = buf.readUInt16LE(at + 6)
    names.add(buf.toString('latin1', at + 30, at + 30 + nameLength))
    // Sizes after the data (flag bit 3): the headers that follow cannot be found by walking.
    if (flags & 0x08) break
    at += 30 + nameLength + extraLength + compressed
  }
  // The central directory names every entry, walked or not.
  const central = [0x50, 0x4b, 0x01, 0x02]
  for (let i = buf.indexOf(Buffer.from(central)); i >= 0 && i + 46 <= buf.length;) {
    const nameLength = buf.readUInt16LE(i + 28)
    names.add(buf.toString('latin1', i + 46, i + 46 + nameLength))
    i = buf.indexOf(Buffer.from(central), i + 46)
  }
  return names
}

/**
 * Bytes no text file holds: C0 controls but tab, line feed, form feed and carriage return; DEL; C1
 * controls (as UTF-8, U+0080–U+009F).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000e-\u001f\u007f-\u009f]/
/** The start of a tag, a comment, a declaration or a processing instruction: markup, not text. */
const MARKUP = /<[A-Za-z!?/]/
/** A script's interpreter line (`#!/bin/sh`), after any byte order mark. */
const SCRIPT_HEADER = /^\ufeff?#!/

/**
 * Whether `buf` is what a text file is: UTF-8 without control characters, markup or a script's
 * interpreter line. An SVG or HTML page, an XML file, a shell script is a document or a program
 * that happens to be written in text, and is refused.
 */
function isPlainText(buf: Buffer): boolean {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(buf)
  } catch {
    return false
  }
  return !CONTROL_IN_TEXT.test(text) && !MARKUP.test(text) && !SCRIPT_HEADER.test(text)
}

/** The kind of `content`, or undefined when it is none the forms accept. */
export function fileKindOf(content: Buffer): FileKind | undefined {
  if (startsWith(content, [0x89, ...ascii('PNG\r\n'), 0x1a, 0x0a]))
    return { contentType: 'image/png', ext: 'png' }
  if (startsWith(content, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', ext: 'jpg' }
  if (startsWith(content, ascii('GIF87a')) || startsWith(content, ascii('GIF89a'))) {
    return { contentType: 'image/gif', ext: 'gif' }
  }
  if (startsWith(content, ascii('RIFF')) && startsWith(content, ascii('WEBP'), 8)) {
    return { contentType: 'image/webp', ext: 'webp' }
  }
  if (startsWith(content, ascii('%PDF-'))) return { contentType: 'application/pdf', ext: 'pdf' }
  if (startsWith(content, OLE)) return { contentType: 'application/msword', ext: 'doc' }
  if (startsWith(content, ZIP)) {
    const names = zipEntryNames(content)
    if (!names.has('[Content_Types].xml')) return undefined
    if (names.has('word/document.xml')) {
      return {
        contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        ext: 'docx',
      }
    }
    if (names.has('xl/workbook.xml')) {
      return { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ext: 'xlsx' }
    }
    return undefined
  }
  if (content.length > 0 && isPlainText(content)) return { contentType: 'text/plain', ext: 'txt' }
  return undefined
}

/** Line breaks and tabs: a file name is shown on one line, so each becomes a space. */
const BREAKS_IN_NAME = /[\t\n\v\f\r\u0085\u2028\u2029]/g
/** The other control characters (C0, DEL, C1) and the marks that turn the direction of text. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNPRINTABLE_IN_NAME = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

/**
 * The name a client gave a file, as it is kept (as text only, never as the stored file's name): one
 * line without control characters or direction marks, at most 255 characters; `file.<ext>` when
 * nothing is left of it.
 */
export function cleanFileName(name: string, kind: FileKind): string {
  const oneLine = name
    .replace(BREAKS_IN_NAME, ' ')
    .replace(UNPRINTABLE_IN_NAME, '')
    .replace(/ {2,}/g, ' ')
    .trim()
  // Cut by characters, never inside a surrogate pair.
  const clean = Array.from(oneLine).slice(0, 255).join('').trim()
  return clean || `file.${kind.ext}`
}
