/** Control characters other than tab and line breaks: typed or pasted text loses them (spec 1 §5). */
// eslint-disable-next-line no-control-regex
const NON_PRINTABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B\uFEFF]/g

export const stripNonPrintable = (text: string) => text.replace(NON_PRINTABLE, '')
