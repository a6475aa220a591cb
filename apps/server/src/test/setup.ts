import { setPasswordCostForTests } from '../features/customers/passwords.ts'

// Every test file of the server: passwords hashed at a test's cost (decision 098). The real cost is
// checked by passwords.test.ts, which sets it back.
setPasswordCostForTests({ N: 2 ** 10, r: 8, p: 1 })
