import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { useLocation } from 'react-router'
import {
  activityRoutes,
  ActivityErrorCode,
  dynamicFormRoutes,
  EditInputType,
  type Activity,
  type ActivityAnswer,
  type CartSaleModel,
  type InscriptionAnswer,
} from '@clubhouse/contract'
import { getCart } from '../../features/cart/cart-store.ts'
import { getLoginPrompt } from '../../lib/login-prompt.ts'
import { saveSession } from '../../lib/storage.ts'
import { onTheSpanishSite } from '../../test/language.ts'
import { checkoutOfSales, contractResponse, errorResponse, fakeServer } from '../../test/fake-server.ts'
import { renderWithApp } from '../../test/render.tsx'
import { AppRoutes } from '../router.tsx'

type Body = Record<string, unknown>
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Body

function Where() {
  const { pathname, search } = useLocation()
  return <p data-testid="where">{`${pathname}${search}`}</p>
}
const where = () => screen.getByTestId('where').textContent

const yoga: Activity = {
  id: 5,
  name: 'Sunrise yoga on the beach',
  poster: '/uploads/activities/yoga.jpg',
  start: '2099-06-13T08:00:00.000Z',
  end: '2099-06-13T10:00:00.000Z',
  description: '<p>Bring your own <strong>mat</strong>.</p>',
  onlineSignUp: true,
  price: 0,
  capacity: null,
  placesLeft: null,
}

interface Options {
  activity?: Partial<Activity>
  hasCustomSignUp?: boolean
  alreadyIn?: boolean
  held?: CartSaleModel
  inscription?: (body: Body) => Response
}

/** The activity calls of the contract, and the sign-up form's, every answer checked against its schema. */
function activityServer(options: Options = {}) {
  const answer = (alreadyIn: boolean): ActivityAnswer => ({
    ok: true,
    model: { ...yoga, ...options.activity },
    hasCustomSignUp: options.hasCustomSignUp ?? false,
    alreadyIn,
    held: alreadyIn ? null : (options.held ?? null),
  })
  const inscriptions: Body[] = []
  const fetchMock = fakeServer({
    // The checkout, where a held sign-up goes to be paid.
    ...checkoutOfSales(options.held ? [options.held] : []),
    '/api/publicactivities/5': () => contractResponse(activityRoutes.activity, answer(false)),
    '/api/publicactivities/5/7': () =>
      contractResponse(activityRoutes.activityForCustomer, answer(options.alreadyIn ?? false)),
    '/api/publicactivities/inscription': (_url, init) => {
      const body = bodyOf(init)
      inscriptions.push(body)
      return (
        options.inscription?.(body) ??
        contractResponse(activityRoutes.inscription, { ok: true, errorMsg: null, model: null })
      )
    },
    '/api/dynamicforms/form-def/Activity/5': () =>
      contractResponse(dynamicFormRoutes.formDef, {
        ok: true,
        model: {
          legalChecks: false,
          fields: [
            {
              id: 1,
              name: 'level',
              field: 'level',
              label: 'Your level',
              value: null,
              required: true,
              isFile: false,
              col1: false,
              col2: false,
              columnDef: {
                editInputType: EditInputType.Text,
                field: 'level',
                required: true,
                headerName: 'Your level',
                floatingFilterComponentParams: null,
                fkController: null,
                fkLabel: null,
                fkId: null,
              },
            },
          ],
        },
      }),
    '/api/dynamicforms/save': () => contractResponse(dynamicFormRoutes.save, { ok: true, model: { id: 31 } }),
  })
  return { fetchMock, inscriptions }
}

const logIn = () => saveSession('b'.repeat(64), { id: 7 }, Date.now() + 3_600_000)

function renderPage(route = '/activity/5') {
  return renderWithApp(
    <>
      <AppRoutes />
      <Where />
    </>,
    { route },
  )
}

const signUpButton = () => screen.findByRole('button', { name: 'Sign Up' })

beforeEach(() => {})

describe('activity page', () => {
  it('shows the name, the dates, the poster, the description and the share links', async () => {
    activityServer()
    renderPage()
    expect(await screen.findByRole('heading', { level: 1, name: yoga.name })).toBeTruthy()
    const article = screen.getByRole('heading', { level: 1 }).closest('article')!
    expect(within(article).getByText(/2099/).textContent).toMatch(/–/)
    expect(article.querySelector('img')?.getAttribute('src')).toContain('yoga.jpg')
    expect(within(article).getByText('mat').tagName).toBe('STRONG')
    expect(within(article).getByRole('link', { name: 'Share on Facebook' })).toBeTruthy()
    expect(await signUpButton()).toBeTruthy()
  })

  it('offers Sign Up only when the activity takes sign-ups online', async () => {
    activityServer({ activity: { onlineSignUp: false } })
    renderPage()
    await screen.findByRole('heading', { level: 1, name: yoga.name })
    expect(screen.queryByRole('button', { name: 'Sign Up' })).toBeNull()
  })

  it('tells the places left when they are limited, and reads Full with none left', async () => {
    activityServer({ activity: { capacity: 12, placesLeft: 3 } })
    const { unmount } = renderPage()
    expect(await screen.findByText('Only 3 places left')).toBeTruthy()
    unmount()

    activityServer({ activity: { capacity: 12, placesLeft: 0 } })
    renderPage()
    const full = await screen.findByRole('button', { name: 'Full' })
    expect((full as HTMLButtonElement).disabled).toBe(true)
  })

  it('asks a visitor to log in first, coming back to the activity', async () => {
    const { inscriptions } = activityServer()
    const user = userEvent.setup()
    renderPage()
    await user.click(await signUpButton())
    expect(getLoginPrompt()).toEqual({ open: true, mode: 'login', backUrl: '/activity/5?signup=1' })
    expect(inscriptions).toEqual([])
  })

  it('goes on signing up once the visitor is back from the login, and takes the query off', async () => {
    logIn()
    const { inscriptions } = activityServer()
    renderPage('/activity/5?signup=1')
    expect(await screen.findByRole('button', { name: 'Sign Up Done!' })).toBeTruthy()
    expect(inscriptions).toEqual([{ customerId: 7, id: 5 }])
    await waitFor(() => expect(where()).toBe('/activity/5'))
  })

  it('back from the login, does not sign up again a customer who is in already', async () => {
    logIn()
    const { inscriptions } = activityServer({ alreadyIn: true })
    renderPage('/activity/5?signup=1')
    expect(await screen.findByRole('button', { name: 'Already In!' })).toBeTruthy()
    await waitFor(() => expect(where()).toBe('/activity/5'))
    expect(inscriptions).toEqual([])
  })

  it('back from the login, a visitor still logged out only sees the button', async () => {
    const { inscriptions } = activityServer()
    renderPage('/activity/5?signup=1')
    expect(await signUpButton()).toBeTruthy()
    expect(inscriptions).toEqual([])
  })

  it('signs a customer up to a free activity at once: the button reads Sign Up Done!', async () => {
    logIn()
    const { inscriptions } = activityServer()
    const user = userEvent.setup()
    renderPage()
    await user.click(await signUpButton())
    expect(await screen.findByRole('button', { name: 'Sign Up Done!' })).toBeTruthy()
    expect(inscriptions).toEqual([{ customerId: 7, id: 5 }])
    expect(where()).toBe('/activity/5')
  })

  it('reads Already In! for a customer signed up already, and a click does nothing', async () => {
    logIn()
    const { inscriptions } = activityServer({ alreadyIn: true })
    const user = userEvent.setup()
    renderPage()
    const button = await screen.findByRole('button', { name: 'Already In!' })
    await user.click(button)
    expect(screen.getByRole('button', { name: 'Already In!' })).toBeTruthy()
    expect(inscriptions).toEqual([])
  })

  it('tells the price before the sign-up, and Free for a free activity', async () => {
    activityServer({ activity: { price: 25 } })
    const { unmount } = renderPage()
    const article = (await screen.findByRole('heading', { level: 1, name: yoga.name })).closest('article')!
    expect(within(article).getByText(/^Price: 25\s€$/)).toBeTruthy()
    unmount()

    activityServer()
    renderPage()
    const free = (await screen.findByRole('heading', { level: 1, name: yoga.name })).closest('article')!
    expect(within(free).getByText('Free')).toBeTruthy()
  })

  it('says a held sign-up is kept until paid, with the way to the checkout, and never Already In!', async () => {
    logIn()
    const sale: CartSaleModel = {
      id: 640,
      title: 'Sign-up: Sunrise yoga on the beach',
      saleNumber: 'W-2026-00640',
      pending: 25,
      paid: 0,
      cancelUrl: 'publicactivities/cancel/88/7',
      holdExpiresAt: '2099-06-01T10:15:00.000Z',
    }
    const { inscriptions } = activityServer({ activity: { price: 25 }, held: sale })
    const user = userEvent.setup()
    renderPage()
    expect(
      await screen.findByText(/^Your place is held until \d\d:15 while you pay\. It is yours once paid\.$/),
    ).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Already In!' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Sign Up' })).toBeNull()
    // The cart was emptied meanwhile: the way to the checkout puts the sale back in it.
    await user.click(screen.getByRole('link', { name: /^Pay 25\s€ now$/ }))
    await waitFor(() => expect(where()).toBe('/checkout'))
    expect(getCart().sales.map((s) => s.id)).toEqual([640])
    expect(inscriptions).toEqual([])
  })

  it('puts the sale of a paid activity in the cart and says the place is held until paid', async () => {
    logIn()
    activityServer({
      activity: { price: 25 },
      inscription: () =>
        contractResponse(activityRoutes.inscription, {
          ok: true,
          errorMsg: null,
          model: {
            id: 640,
            title: '',
            saleNumber: 'W-2026-00640',
            pending: 25,
            paid: 0,
            cancelUrl: 'publicactivities/cancel/88/7',
            holdExpiresAt: '2099-06-01T10:15:00.000Z',
            ctk: null,
            description: 'Sunrise yoga on the beach, 13/06/2099',
          },
        } satisfies InscriptionAnswer),
    })
    const user = userEvent.setup()
    renderPage()
    await user.click(await signUpButton())
    expect(await screen.findByText(/^Your place is held until \d\d:15/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Already In!' })).toBeNull()
    expect(where()).toBe('/activity/5')
    expect(screen.getByRole('link', { name: /^Pay 25\s€ now$/ }).getAttribute('href')).toBe('/checkout')
    expect(getCart().sales).toEqual([
      {
        id: 640,
        title: 'Sunrise yoga on the beach, 13/06/2099',
        saleNumber: 'W-2026-00640',
        pending: 25,
        cancelUrl: 'publicactivities/cancel/88/7',
        holdExpiresAt: '2099-06-01T10:15:00.000Z',
      },
    ])
  })

  it('shows the sign-up form first when the activity asks one, and signs up once it is saved', async () => {
    logIn()
    const { inscriptions } = activityServer({ hasCustomSignUp: true })
    const user = userEvent.setup()
    renderPage()
    await user.click(await signUpButton())
    const form = await screen.findByRole('region', { name: 'Sign-up form' })
    await user.type(await within(form).findByRole('textbox', { name: /Your level/ }), 'Beginner')
    expect(inscriptions).toEqual([])
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('button', { name: 'Sign Up Done!' })).toBeTruthy()
    expect(inscriptions).toEqual([{ customerId: 7, id: 5 }])
  })

  it("shows the server's words for a refused sign-up, and the technical problems text when no answer comes", async () => {
    logIn()
    let refuse = true
    activityServer({
      inscription: () =>
        refuse
          ? errorResponse(409, ActivityErrorCode.activityFull, 'There are no places left.')
          : Response.error(),
    })
    const user = userEvent.setup()
    renderPage()
    await user.click(await signUpButton())
    expect((await screen.findByRole('alert')).textContent).toBe('There are no places left.')

    refuse = false
    await user.click(await signUpButton())
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Oops! Technical problems. Please try again.'),
    )
  })
  describe('on the Spanish site', () => {
    onTheSpanishSite()

    it('speaks Spanish, with the weekday in Spanish', async () => {
      logIn()
      activityServer({ activity: { capacity: 12, placesLeft: 3 } })
      const user = userEvent.setup()
      renderPage()
      expect(await screen.findByText('Solo quedan 3 plazas')).toBeTruthy()
      expect(screen.getByText(/2099/).textContent).toMatch(/sábado/i)
      expect(screen.getByText('Gratis')).toBeTruthy()
      await user.click(screen.getByRole('button', { name: 'Inscribirme' }))
      expect(await screen.findByRole('button', { name: '¡Inscripción hecha!' })).toBeTruthy()
    })
  })
})
