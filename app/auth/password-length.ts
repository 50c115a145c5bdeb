/**
 * The password length rule, apart from the account forms' schemas (forms.ts): the sign-up and
 * reset pages show it as a hint and an input limit, and importing it from forms.ts would bring
 * zod into those pages' JavaScript (decision 015).
 */
export const minPasswordLength = 10;
export const maxPasswordLength = 128;
