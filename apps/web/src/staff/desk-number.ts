/** A number as the desk types it, with a comma or a point for the decimals; NaN when it is none. */
export function deskNumber(text: string): number {
  const clean = text.trim().replace(',', '.')
  return clean === '' || !/^-?\d*(\.\d*)?$/.test(clean) ? Number.NaN : Number(clean)
}

/** Euros as typed, in whole cents. */
export const centsOf = (euros: string) => Math.round(deskNumber(euros) * 100)
