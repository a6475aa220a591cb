import { and, eq, inArray } from 'drizzle-orm'
import { CustomFieldType, type Locale } from '@clubhouse/contract/server'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../http/errors.ts'
import { customerCustomValues, customFields } from './customers.tables.ts'
import { pickListOptions, storedOption } from './pick-lists.ts'

export type CustomFieldValues = Array<{ customFieldId: number; value: string }>

/** A customer's answers to the centre's custom fields: checked against their fields, then kept. */
export function createCustomFieldValues(db: Db) {
  /** Checks the values against their fields; a pick list choice comes back in its stored form. */
  async function check(values: CustomFieldValues | undefined, locale: Locale): Promise<CustomFieldValues> {
    if (!values || values.length === 0) return []
    const ids = [...new Set(values.map((v) => v.customFieldId))]
    const defs = await db
      .select()
      .from(customFields)
      .where(and(inArray(customFields.id, ids), eq(customFields.active, true)))
    const byId = new Map(defs.map((d) => [d.id, d]))
    const errors: Record<string, string> = {}
    values.forEach((v, i) => {
      const def = byId.get(v.customFieldId)
      const key = `customFieldValues.${i}.value`
      if (!def) {
        errors[`customFieldValues.${i}.customFieldId`] = `There is no custom field ${v.customFieldId}.`
        return
      }
      if (def.fieldType === CustomFieldType.Bool && !['true', 'false', ''].includes(v.value)) {
        errors[key] = 'Choose yes or no.'
      }
      if (def.fieldType === CustomFieldType.PickList && v.value !== '') {
        if (storedOption(def.pickListValues, v.value) === undefined) {
          errors[key] = `Choose one of: ${pickListOptions(def.pickListValues, locale).join(', ')}.`
        }
      }
    })
    const first = Object.entries(errors)[0]
    if (first) throw new AppError('validation', first[1], { errors })
    const stored = values.map((v) => {
      const def = byId.get(v.customFieldId)!
      return def.fieldType === CustomFieldType.PickList && v.value !== ''
        ? { ...v, value: storedOption(def.pickListValues, v.value)! }
        : v
    })
    // The last value given for a field wins.
    return [...new Map(stored.map((v) => [v.customFieldId, v])).values()]
  }

  /** Keeps checked values of a customer: a field answered before takes the new value. */
  async function save(customerId: number, values: CustomFieldValues) {
    for (const v of values) {
      await db
        .insert(customerCustomValues)
        .values({ customerId, customFieldId: v.customFieldId, value: v.value })
        .onConflictDoUpdate({
          target: [customerCustomValues.customerId, customerCustomValues.customFieldId],
          set: { value: v.value },
        })
    }
  }

  return { check, save }
}

export type CustomFieldValuesStore = ReturnType<typeof createCustomFieldValues>
