import { useTranslation } from 'react-i18next'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { closeLogin, setLoginMode, useLoginPrompt, type LoginMode } from '../../../lib/login-prompt.ts'
import { useSettings } from '../../content/settings.tsx'
import { LoginForm } from './login-form.tsx'
import { RegisterEntry } from './register-entry.tsx'
import { ResetRequestForm } from './reset-request-form.tsx'

const TITLES = {
  login: 'login.titleLogin',
  register: 'login.titleRegister',
  reset: 'login.titleReset',
} as const
const INTROS = {
  login: 'login.introLogin',
  register: 'login.introRegister',
  reset: 'login.introReset',
} as const
const FORMS = { login: LoginForm, register: RegisterEntry, reset: ResetRequestForm } as const

/**
 * The login popup with its three modes: login, register and reset password. Opened from the menu,
 * the route guard or a refused call, with the address to return to after logging in. The layout
 * loads this module (forms, client and contract with it) only when the popup first opens, so none
 * of it weighs on the first load (docs/decisions/019).
 */
export function LoginDialog() {
  const { t } = useTranslation()
  const { open, mode } = useLoginPrompt()
  const { registerOn } = useSettings()
  // Registration switched off by the centre: the register mode is not offered.
  const shown: LoginMode = mode === 'register' && !registerOn ? 'login' : mode
  const Form = FORMS[shown]

  const switches: { to: LoginMode; label: string }[] = []
  if (shown !== 'login') switches.push({ to: 'login', label: t('login.toLogin') })
  if (shown !== 'register' && registerOn) switches.push({ to: 'register', label: t('login.toRegister') })
  if (shown === 'login') switches.push({ to: 'reset', label: t('login.toReset') })

  return (
    // Keyed by mode: switching modes renders a fresh panel, so focus lands on its first control
    // instead of being lost with the switch button that was pressed.
    <Dialog
      key={shown}
      open={open}
      onClose={closeLogin}
      title={t(TITLES[shown])}
      closeLabel={t('common.close')}
    >
      <p className="dialog__intro">{t(INTROS[shown])}</p>
      <Form />
      <ul className="dialog__switches">
        {switches.map((item) => (
          <li key={item.to}>
            <button type="button" className="link-button" onClick={() => setLoginMode(item.to)}>
              {item.label}
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  )
}
