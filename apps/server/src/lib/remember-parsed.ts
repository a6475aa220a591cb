/**
 * `parse` remembered for the texts it has seen, up to `max` of them: for request headers that take
 * a handful of distinct values (Accept-Language, Accept-Encoding) and are parsed on every request.
 */
export function rememberParsed<T>(parse: (text: string) => T, max = 64): (text: string) => T {
  const seen = new Map<string, T>()
  return (text) => {
    if (seen.has(text)) return seen.get(text) as T
    const parsed = parse(text)
    if (seen.size >= max) seen.clear()
    seen.set(text, parsed)
    return parsed
  }
}
