import { afterEach, describe, expect, it } from 'vitest'
import { activityRoutes } from '@clubhouse/contract'

// The site's Content-Security-Policy allows no eval (`script-src 'self'`): in the browser the contract's
// schemas must parse answers without building code from strings, or the browser reports a CSP
// violation on every page (decision 088).
describe('answers parsed in the browser', () => {
  const original = globalThis.Function
  afterEach(() => {
    globalThis.Function = original
  })

  it('are parsed without new Function, which the CSP forbids', () => {
    const built: string[] = []
    globalThis.Function = new Proxy(original, {
      construct(target, args: string[]) {
        built.push(args.at(-1) ?? '')
        return Reflect.construct(target, args) as object
      },
    })
    const answer = {
      ok: true,
      model: [
        { id: 5, name: 'Sunrise yoga', poster: '/uploads/yoga.jpg', start: '2099-06-13T08:00:00.000Z' },
      ],
    }
    for (let i = 0; i < 3; i++)
      expect(activityRoutes.activitiesList.response.safeParse(answer).data).toEqual(answer)
    expect(activityRoutes.activitiesList.response.safeParse({ ok: true, model: [{ id: 'x' }] }).success).toBe(
      false,
    )
    expect(built).toEqual([])
  })
})
