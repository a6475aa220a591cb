// Every table of the database, gathered for Drizzle and drizzle-kit.
export * from '../features/content/content.tables.ts'
export * from '../features/comms/comms.tables.ts'
export * from '../http/rate-limit.tables.ts'
export * from '../features/shop/shop.tables.ts'
export * from '../features/blog/blog.tables.ts'
export * from '../features/home/home.tables.ts'
