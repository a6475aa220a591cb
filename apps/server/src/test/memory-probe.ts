// Loaded with `--import` into a server process started with an IPC channel (server-process.ts,
// `memory: true`): answers the message 'memory' with process.memoryUsage() taken right after a full
// collection (with --expose-gc), so what is compared over a run is the heap still referenced, not
// garbage waiting for the collector.
process.on('message', (message) => {
  if (message !== 'memory') return
  ;(globalThis as { gc?: () => void }).gc?.()
  process.send?.({ memory: process.memoryUsage() })
})
// The channel must not keep a stopping server alive (adding the listener above refs it).
process.channel?.unref()
