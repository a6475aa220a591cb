import type { Texts } from '../lib/i18n/en-US.ts'
import { addOnDemandTexts } from '../lib/i18n/on-demand-texts.ts'

/**
 * The texts of the owners' staff accounts page (issue 23, item 1): they travel with its chunk,
 * never with the desk's first load (decision 041).
 */
export const accountsTextsEnUS = {
  staffAccounts: {
    title: 'Staff accounts',
    ownersOnly: 'Only an owner manages the staff accounts.',
    list: 'Accounts',
    you: 'You',
    secondFactorOn: 'Second factor on',
    secondFactorOff: 'No second factor',
    noPassword: 'Password not set yet',
    disabledSince: 'Disabled on {{date}}',
    disable: 'Disable',
    disableWarning: '{{who}} will no longer be able to sign in, and their sessions end now.',
    disableConfirm: 'Yes, disable the account',
    disabledDone: 'The account of {{who}} is disabled.',
    reset: 'Reset second factor',
    resetWarning:
      'The second factor of {{who}} is removed and their sessions end: they set up a new one when they next sign in.',
    resetConfirm: 'Yes, reset it',
    resetDone: 'The second factor of {{who}} is reset.',
    keep: 'Cancel',
    add: 'Add an account',
    email: 'Email',
    name: 'Name',
    role: 'Role',
    create: 'Create the account',
    link: 'Set-password link',
    linkLead:
      'Account created for {{email}}. Give them this link to set their password: it works once, until {{date}}, and is shown only now.',
    copy: 'Copy the link',
    copied: 'Copied',
    linkDone: 'Done',
    changeRole: 'Change role',
    newRole: 'New role of {{who}}',
    roleWarning:
      'The new role applies from their next action; an owner or a manager sets up a second factor first.',
    roleConfirm: 'Save the role',
    roleDone: 'The role of {{who}} is now {{role}}.',
    enable: 'Enable',
    enabledDone: '{{who}} can sign in again, with the password they had.',
    newLink: 'New password link',
    newLinkLead:
      'A new link for {{who}} to set their password: it works once, until {{date}}, and earlier links no longer work. It is shown only now.',
  },
}

export const accountsTextsEsES: Texts<typeof accountsTextsEnUS> = {
  staffAccounts: {
    title: 'Cuentas del personal',
    ownersOnly: 'Solo un propietario gestiona las cuentas del personal.',
    list: 'Cuentas',
    you: 'Tú',
    secondFactorOn: 'Segundo factor activado',
    secondFactorOff: 'Sin segundo factor',
    noPassword: 'Aún sin contraseña',
    disabledSince: 'Desactivada el {{date}}',
    disable: 'Desactivar',
    disableWarning: '{{who}} ya no podrá iniciar sesión, y sus sesiones terminan ahora.',
    disableConfirm: 'Sí, desactivar la cuenta',
    disabledDone: 'La cuenta de {{who}} está desactivada.',
    reset: 'Restablecer el segundo factor',
    resetWarning:
      'Se quita el segundo factor de {{who}} y sus sesiones terminan: configurará uno nuevo al volver a iniciar sesión.',
    resetConfirm: 'Sí, restablecerlo',
    resetDone: 'El segundo factor de {{who}} está restablecido.',
    keep: 'Cancelar',
    add: 'Añadir una cuenta',
    email: 'Correo electrónico',
    name: 'Nombre',
    role: 'Rol',
    create: 'Crear la cuenta',
    link: 'Enlace para poner la contraseña',
    linkLead:
      'Cuenta creada para {{email}}. Dale este enlace para que ponga su contraseña: funciona una vez, hasta el {{date}}, y solo se muestra ahora.',
    copy: 'Copiar el enlace',
    copied: 'Copiado',
    linkDone: 'Hecho',
    changeRole: 'Cambiar el rol',
    newRole: 'Nuevo rol de {{who}}',
    roleWarning:
      'El nuevo rol se aplica desde su siguiente acción; un propietario o un gerente configura antes un segundo factor.',
    roleConfirm: 'Guardar el rol',
    roleDone: 'El rol de {{who}} es ahora {{role}}.',
    enable: 'Activar',
    enabledDone: '{{who}} puede volver a iniciar sesión, con la contraseña que tenía.',
    newLink: 'Nuevo enlace de contraseña',
    newLinkLead:
      'Un enlace nuevo para que {{who}} ponga su contraseña: funciona una vez, hasta el {{date}}, y los anteriores dejan de funcionar. Solo se muestra ahora.',
  },
}

addOnDemandTexts({ 'en-US': accountsTextsEnUS, 'es-ES': accountsTextsEsES })
