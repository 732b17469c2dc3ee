/** A phone or tablet: the primary pointer is a finger (`(pointer: coarse)`). */
export const isTouchScreen = (): boolean => typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches
