import { describe, expect, it } from 'vitest'
import { datePattern, dateTimePattern, groupIban } from './account-format.ts'

describe('account formats', () => {
  it('keeps only the date part of the centre date format', () => {
    expect(datePattern('dd/MM/yyyy HH:mm')).toBe('dd/MM/yyyy')
    expect(datePattern('yyyy-MM-dd HH:mm:ss')).toBe('yyyy-MM-dd')
    expect(datePattern('MM/dd/yyyy h:mm a')).toBe('MM/dd/yyyy')
    expect(datePattern('dd/MM/yyyy')).toBe('dd/MM/yyyy')
    expect(dateTimePattern('dd/MM/yyyy')).toBe('dd/MM/yyyy HH:mm')
  })

  it('groups an IBAN in fours, upper case', () => {
    expect(groupIban('es9121000418450200051332')).toBe('ES91 2100 0418 4502 0005 1332')
    expect(groupIban('ES91 2100 0418 4502 0005 1332')).toBe('ES91 2100 0418 4502 0005 1332')
    expect(groupIban('')).toBe('')
  })
})
