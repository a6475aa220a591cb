import type { TestProject } from 'vitest/node'
import { makeMigratedTemplate } from './postgres-template.ts'

/**
 * The server tests' set-up: with TEST_DATABASE_URL, one migrated template database for the run,
 * which every PostgreSQL test database is copied from (decision 096), dropped at the end.
 */
export default async function setup(project: TestProject) {
  const base = process.env.TEST_DATABASE_URL
  if (!base) {
    project.provide('pgTemplate', '')
    return
  }
  const template = await makeMigratedTemplate(base)
  project.provide('pgTemplate', template.name)
  return template.drop
}
