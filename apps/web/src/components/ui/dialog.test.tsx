import { useState } from 'react'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { Dialog } from './dialog.tsx'

function Example() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open terms
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Terms" closeLabel="Close">
        <input aria-label="Name" />
        <button type="button">Accept</button>
      </Dialog>
    </>
  )
}

/** A list whose item goes with the popup that removes it, as a deleted card's does. */
function Removal({ returnFocus }: { returnFocus?: () => HTMLElement | null }) {
  const [asking, setAsking] = useState(false)
  const [gone, setGone] = useState(false)
  return (
    <main id="main" tabIndex={-1}>
      <p id="done" tabIndex={-1}>
        {gone ? 'Deleted' : ''}
      </p>
      {!gone && (
        <button type="button" onClick={() => setAsking(true)}>
          Delete
        </button>
      )}
      <Dialog
        open={asking}
        onClose={() => setAsking(false)}
        title="Delete?"
        closeLabel="Close"
        returnFocus={returnFocus}
      >
        <button
          type="button"
          onClick={() => {
            setGone(true)
            setAsking(false)
          }}
        >
          Yes
        </button>
      </Dialog>
    </main>
  )
}

describe('a dialog', () => {
  it('is a labelled modal that takes focus', async () => {
    const user = userEvent.setup()
    render(<Example />)

    await user.click(screen.getByRole('button', { name: 'Open terms' }))

    const dialog = screen.getByRole('dialog', { name: 'Terms' })
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }))
  })

  it('keeps Tab inside until it closes', async () => {
    const user = userEvent.setup()
    render(<Example />)
    await user.click(screen.getByRole('button', { name: 'Open terms' }))

    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Accept' }))
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }))
    await user.tab({ shift: true })
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Accept' }))
  })

  it('closes on Escape and gives focus back to what opened it', async () => {
    const user = userEvent.setup()
    render(<Example />)
    const opener = screen.getByRole('button', { name: 'Open terms' })
    await user.click(opener)

    await user.keyboard('{Escape}')

    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
  })

  it('gives focus to `returnFocus` when what opened it went with it', async () => {
    const user = userEvent.setup()
    render(<Removal returnFocus={() => document.getElementById('done')} />)
    await user.click(screen.getByRole('button', { name: 'Delete' }))

    await user.click(screen.getByRole('button', { name: 'Yes' }))

    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(screen.getByText('Deleted'))
  })

  it('gives focus to the main content otherwise, never to the top of the document', async () => {
    const user = userEvent.setup()
    render(<Removal />)
    await user.click(screen.getByRole('button', { name: 'Delete' }))

    await user.click(screen.getByRole('button', { name: 'Yes' }))

    expect(document.activeElement).toBe(screen.getByRole('main'))
  })
})
