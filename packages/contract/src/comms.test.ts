import { describe, expect, it } from 'vitest'
import { InfoRequestBody } from './comms.ts'

describe('info request body', () => {
  it('needs both an email and a question', () => {
    expect(InfoRequestBody.safeParse({ email: 'ana@example.com', question: 'Hi' }).success).toBe(true)
    expect(InfoRequestBody.safeParse({ email: '', question: 'Hi' }).success).toBe(false)
    expect(InfoRequestBody.safeParse({ email: 'ana@example.com', question: '' }).success).toBe(false)
  })

  it('needs a well-formed email', () => {
    expect(InfoRequestBody.safeParse({ email: 'ana@', question: 'Hi' }).success).toBe(false)
    expect(InfoRequestBody.safeParse({ email: 'ana example.com', question: 'Hi' }).success).toBe(false)
  })
})
