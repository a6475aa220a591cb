import { describe, expect, it } from 'vitest'
import { enUS } from './en-US.ts'
import { esES } from './es-ES.ts'

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value as object, `${prefix}${key}.`),
  )
}

function texts(tree: object): string[] {
  return Object.values(tree).flatMap((value) =>
    typeof value === 'string' ? [value] : texts(value as object),
  )
}

describe('texts', () => {
  it('exist in English and Spanish with the same keys', () => {
    expect(keys(esES).sort()).toEqual(keys(enUS).sort())
  })

  it('are never empty', () => {
    expect(texts(enUS).filter((text) => !text.trim())).toEqual([])
    expect(texts(esES).filter((text) => !text.trim())).toEqual([])
  })

  it('use the same placeholders in both languages', () => {
    const placeholders = (text: string) => (text.match(/{{\w+}}/g) ?? []).sort().join()
    const english = new Map(keys(enUS).map((key, i) => [key, texts(enUS)[i] ?? '']))
    const spanish = new Map(keys(esES).map((key, i) => [key, texts(esES)[i] ?? '']))
    for (const [key, text] of english)
      expect(placeholders(spanish.get(key) ?? ''), key).toBe(placeholders(text))
  })

  it("correct the spec's English spelling", () => {
    expect(enUS.messages.minLength).toBe('Minimum length is 5')
    expect(enUS.messages.technical).toBe('Oops! Technical problems. Please try again.')
    expect(enUS.messages.discountApplied).toBe('Discount applied')
  })
})
