/** What a service (`cli.ts`) sends its parent over the IPC channel once it serves on its port. */
export const READY_MESSAGE = 'multibridge:service-ready'
