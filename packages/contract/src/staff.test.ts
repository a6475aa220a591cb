import { describe, expect, it } from 'vitest'
import { NewStaffAccount, roleReaches, StaffRole } from './staff.ts'

describe('staff roles', () => {
  it('lets each role do what the roles below it do, and nothing above it', () => {
    expect(roleReaches('owner', 'manager')).toBe(true)
    expect(roleReaches('owner', 'desk')).toBe(true)
    expect(roleReaches('manager', 'desk')).toBe(true)
    expect(roleReaches('manager', 'owner')).toBe(false)
    expect(roleReaches('desk', 'manager')).toBe(false)
    for (const role of StaffRole) expect(roleReaches(role, role)).toBe(true)
  })

  it('takes a new account with a known role and a one-line name, its email lower case', () => {
    expect(NewStaffAccount.parse({ email: ' Eva@Centre.Example', role: 'desk' })).toEqual({
      email: 'eva@centre.example',
      role: 'desk',
      name: '',
    })
    expect(NewStaffAccount.safeParse({ email: 'eva@centre.example', role: 'admin' }).success).toBe(false)
    expect(
      NewStaffAccount.safeParse({ email: 'eva@centre.example', role: 'desk', name: 'Eva\nSmith' }).success,
    ).toBe(false)
  })
})
