import { and, asc, eq, inArray } from 'drizzle-orm'
import type { FormDef, FormIdentifier, Locale, LookupRow } from '@clubhouse/contract/server'
import { FILE_TYPES, type FormContext, type NewForm } from './form-context.ts'
import { cities, formFields, formFiles, forms, formSubmissions } from './forms.tables.ts'

/**
 * The forms as the pages read them (their fields, the lookup's cities), whether a customer has sent
 * one and the files a submission kept, and the seed's and the tests' writes of forms and cities.
 */
export function createFormDefs(ctx: FormContext) {
  const { db, units, findForm } = ctx

  return {
    /** The id of the form of `parentName` `parentId` (an activity's sign-up form), when it has one. */
    async findFormId(parentName: FormIdentifier, parentId: number): Promise<number | undefined> {
      const [form] = await db
        .select({ id: forms.id })
        .from(forms)
        .where(and(eq(forms.parentName, parentName), eq(forms.parentId, parentId)))
      return form?.id
    },

    /** Whether the customer has sent the form at least once. */
    async hasSent(formId: number, customerId: number): Promise<boolean> {
      const [sent] = await db
        .select({ id: formSubmissions.id })
        .from(formSubmissions)
        .where(and(eq(formSubmissions.formId, formId), eq(formSubmissions.customerId, customerId)))
        .limit(1)
      return sent !== undefined
    },

    /** Writes a form with its fields in one unit of work (the seed, the tests); answers its id. */
    async createForm(form: NewForm): Promise<number> {
      return units.run(async () => {
        const [row] = await db
          .insert(forms)
          .values({ parentName: form.parentName, parentId: form.parentId, legalChecks: form.legalChecks })
          .returning({ id: forms.id })
        if (form.fields.length) {
          await db.insert(formFields).values(
            form.fields.map((f, position) => ({
              formId: row!.id,
              position,
              name: f.name,
              label: f.label,
              inputType: f.inputType,
              required: f.required ?? false,
              column: f.column ?? 0,
              options: f.options ?? null,
              lookup: f.lookup ?? null,
              defaultValue: f.defaultValue ?? null,
            })),
          )
        }
        return row!.id
      })
    },

    /** Writes the cities a lookup field offers (the seed, the tests). */
    async createCities(names: string[]): Promise<void> {
      if (names.length) await db.insert(cities).values(names.map((name) => ({ name })))
    },

    /** A form as its page draws it in the reader's language: its legal checks and its fields. */
    async formDef(parentName: FormIdentifier, parentId: number, locale: Locale): Promise<FormDef> {
      const { form, fields } = await findForm(parentName, parentId)
      return {
        legalChecks: form.legalChecks,
        fields: fields.map((f) => {
          const label = f.label[locale]
          return {
            id: f.id,
            name: f.name,
            field: f.name,
            label,
            value: f.defaultValue,
            required: f.required,
            isFile: FILE_TYPES.has(f.inputType),
            col1: f.column === 1,
            col2: f.column === 2,
            columnDef: {
              editInputType: f.inputType,
              field: f.name,
              required: f.required,
              headerName: label,
              floatingFilterComponentParams: f.options
                ? Object.fromEntries(f.options.map((o) => [o.label[locale], o.value]))
                : null,
              fkController: f.lookup?.controller ?? null,
              fkLabel: f.lookup?.label ?? null,
              fkId: f.lookup?.id ?? null,
            },
          }
        }),
      }
    },

    /** One page of the cities a lookup field offers, by name, as the grid asks for rows. */
    async cities(startRow: number, endRow: number): Promise<LookupRow[]> {
      return db
        .select({ id: cities.id, name: cities.name })
        .from(cities)
        .orderBy(asc(cities.name), asc(cities.id))
        .offset(startRow)
        .limit(endRow - startRow)
    },

    /** The stored files of a submission (tests, and the centre's back office later). */
    async filesOf(submissionIds: number[]) {
      if (!submissionIds.length) return []
      return db.select().from(formFiles).where(inArray(formFiles.submissionId, submissionIds))
    },
  }
}
