import { describe, expect, it } from 'vitest'
import { ApiError } from './api-client.ts'
import { shouldRetry } from './query-client.ts'

describe('query retries', () => {
  it('never asks again after a 4xx refusal', () => {
    expect(shouldRetry(0, new ApiError(404, 'not_found', 'Gone'))).toBe(false)
    expect(shouldRetry(0, new ApiError(401, 'unauthorized', 'Log in'))).toBe(false)
  })

  it('asks twice more after a lost answer or a server failure', () => {
    expect(shouldRetry(0, new ApiError(0, 'network', ''))).toBe(true)
    expect(shouldRetry(1, new ApiError(500, 'internal', 'Oops'))).toBe(true)
    expect(shouldRetry(2, new ApiError(500, 'internal', 'Oops'))).toBe(false)
  })
})
