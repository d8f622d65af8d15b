/** Kib's info address (spec 01 §1: company contact details on the landing). */
export const CONTACT_EMAIL = 'info@kib.la';
/** Kib's Colombian phone line, as it is read and as it is dialled. */
export const CONTACT_PHONE = { display: '+57 601 555 0123', dial: '+576015550123' } as const;
