import type { Db } from '../../db/executor.ts'
import { createFormAnswers } from './form-answers.ts'
import { createFormContext, type FormsDeps } from './form-context.ts'
import { createFormDefs } from './form-defs.ts'
import { createFormSweep } from './form-sweep.ts'
import { createFormUploads } from './form-uploads.ts'

export {
  ACCEPT_CONDITIONS,
  formFilesDir,
  REGISTER_FORM_PER_MINUTE,
  REGISTER_FORM_SPACES_PER_DAY,
  REQUIRED,
  UNLINKED_FILE_MS,
  UPLOAD_PREFIX,
  type FormsDeps,
  type NewForm,
  type SaveContext,
  type SaveForm,
  type Upload,
} from './form-context.ts'

/**
 * Forms (decision 073): the forms pages show and the seed writes (form-defs.ts), a filled-in form
 * saved with its values checked and, for the registration form, its account opened (form-answers.ts),
 * the files it carries checked and counted against the customer's space (form-uploads.ts), and the
 * sweep of files linked to nothing (form-sweep.ts). What the parts share is form-context.ts.
 */
export function createFormsService(db: Db, deps: FormsDeps) {
  const ctx = createFormContext(db, deps)
  const defs = createFormDefs(ctx)
  const uploads = createFormUploads(ctx)
  const answers = createFormAnswers(ctx, uploads)
  const sweep = createFormSweep(ctx)

  return {
    sweepFiles: sweep.sweepFiles,
    startSweeping: sweep.startSweeping,
    findFormId: defs.findFormId,
    hasSent: defs.hasSent,
    createForm: defs.createForm,
    createCities: defs.createCities,
    formDef: defs.formDef,
    cities: defs.cities,
    save: answers.save,
    filesOf: defs.filesOf,
  }
}

export type FormsService = ReturnType<typeof createFormsService>
