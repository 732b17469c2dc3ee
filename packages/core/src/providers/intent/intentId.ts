/** The intent bridge's provider id and name, for its module and its code alike. */
export const INTENT_PROVIDER_ID = 'intent'
export const INTENT_NAME = 'Intent Bridge'
/** The fee label of a gasless route's open, paid to the solver from the output (an i18n key). */
export const OPEN_FEE_LABEL = 'Gas fee for the open (paid by the solver)'
/** The origin contract a deposit and its approval go to, as the review and the approvals view name it. */
export const INTENT_CONTRACT_NAME = 'Intent Origin Settler'
