import { describe, expect, it } from 'vitest'
import { GALLERY_FILES as CONTRACT_GALLERY, SPONSOR_FILES as CONTRACT_SPONSORS } from '@clubhouse/contract'
import { GALLERY_FILES, SPONSOR_FILES } from './file-lists.ts'

describe('the home file lists', () => {
  it('ask for the same files as the contract names', () => {
    expect(GALLERY_FILES).toEqual(CONTRACT_GALLERY)
    expect(SPONSOR_FILES).toEqual(CONTRACT_SPONSORS)
  })
})
