import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ErrorBody, okData, okErrorModel, okModel, okOnly, okPage, rowData } from './index.ts'

const Item = z.object({ id: z.number() })

describe('answer envelopes', () => {
  it('accept the spec shapes', () => {
    expect(okData(Item).safeParse({ ok: true, data: { id: 1 } }).success).toBe(true)
    expect(okModel(Item).safeParse({ ok: true, model: { id: 1 } }).success).toBe(true)
    expect(okPage(Item).safeParse({ ok: true, data: [{ id: 1 }], totalCount: 40 }).success).toBe(true)
    expect(rowData(Item).safeParse({ rowData: [{ id: 1 }, { id: 2 }] }).success).toBe(true)
    expect(okOnly().safeParse({ ok: true }).success).toBe(true)
    expect(
      okErrorModel(Item).safeParse({ ok: false, errorMsg: 'Invalid Email or Password', model: null }).success,
    ).toBe(true)
    expect(okErrorModel(Item).safeParse({ ok: true, errorMsg: null, model: { id: 3 } }).success).toBe(true)
  })

  it('reject other shapes', () => {
    expect(okData(Item).safeParse({ ok: false, data: { id: 1 } }).success).toBe(false)
    expect(okData(Item).safeParse({ ok: true, model: { id: 1 } }).success).toBe(false)
    expect(okPage(Item).safeParse({ ok: true, data: [{ id: 1 }] }).success).toBe(false)
    expect(okPage(Item).safeParse({ ok: true, data: [], totalCount: -1 }).success).toBe(false)
    expect(rowData(Item).safeParse({ rows: [] }).success).toBe(false)
    expect(okOnly().safeParse({ ok: true, extra: 1 }).success).toBe(false)
  })

  it('define one error shape with a stable code and optional field errors', () => {
    expect(
      ErrorBody.safeParse({
        ok: false,
        errorMsg: 'Required',
        code: 'validation',
        errors: { email: 'Required' },
      }).success,
    ).toBe(true)
    expect(ErrorBody.safeParse({ ok: false, errorMsg: 'Gone', code: 'not_found' }).success).toBe(true)
    expect(ErrorBody.safeParse({ ok: false, errorMsg: '', code: 'x' }).success).toBe(false)
    expect(ErrorBody.safeParse({ ok: false, errorMsg: 'x', code: 'Not Found' }).success).toBe(false)
    expect(ErrorBody.safeParse({ ok: true, errorMsg: 'x', code: 'x' }).success).toBe(false)
  })
})
