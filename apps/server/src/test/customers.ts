import type { App } from '../app.ts'

export interface LoggedIn {
  id: number
  token: string
  headers: { authorization: string }
}

/** Logs a customer in through POST /api/publiccustomers/cauth; fails the test when refused. */
export async function loginAs(app: App, email: string, password: string): Promise<LoggedIn> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/publiccustomers/cauth',
    payload: { email, password },
  })
  if (res.statusCode !== 200) {
    throw new Error(`login of ${email} refused: ${res.statusCode} ${res.body}`)
  }
  const { model } = res.json<{ model: { id: number; token: string } }>()
  return { id: model.id, token: model.token, headers: { authorization: `Bearer ${model.token}` } }
}
