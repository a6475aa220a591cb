import { z } from 'zod'
import { HomeTemplate, LegalSettings, MainSettings } from '@clubhouse/contract/server'
import { Localised } from '../../lib/localised.ts'

/**
 * Settings as stored: the contract's shapes with the centre's own texts in both languages.
 * Each kind is one JSON document in the `settings` table, validated with these schemas on write.
 */
export const StoredMainSettings = MainSettings.extend({
  description: Localised,
  openHours: Localised,
  followUsDescription: Localised,
  gallery: Localised,
})
export type StoredMainSettings = z.infer<typeof StoredMainSettings>

export const StoredHomeTemplate = HomeTemplate.extend({
  // Documents stored before it existed have none.
  mainTrandingProductText: Localised.default({ 'es-ES': '', 'en-US': '' }),
  textNumbers1: Localised,
  textNumbers2: Localised,
  textNumbers3: Localised,
  textNumbers4: Localised,
  textSlideInLeft1: Localised,
  textSlideInLeft2: Localised,
  textSlideInLeft3: Localised,
  textSlideInUp1: Localised,
  textSlideInUp2: Localised,
  textSlideInUp3: Localised,
  textSmall1: Localised,
  textSmall2: Localised,
  textSmall3: Localised,
  textButton1: Localised,
  textButton2: Localised,
  textButton3: Localised,
})
export type StoredHomeTemplate = z.infer<typeof StoredHomeTemplate>

export const StoredLegalSettings = z.object(
  Object.fromEntries(Object.keys(LegalSettings.shape).map((k) => [k, Localised])) as Record<
    keyof LegalSettings,
    typeof Localised
  >,
)
export type StoredLegalSettings = z.infer<typeof StoredLegalSettings>

export const SETTINGS_KINDS = ['main', 'template', 'legal'] as const
export type SettingsKind = (typeof SETTINGS_KINDS)[number]
