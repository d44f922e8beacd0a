/**
 * Field helpers: the props that bind a Mantine input to one field of a form's values (its value,
 * its change, its error in words), in the shape of @mantine/form's `getInputProps`, so a field is
 * its label, its test id and one spread. The values stay where the form keeps them (useRecordForm:
 * the stored row, dirty, the 409 reset) and the errors come from the pure rules, computed on every
 * render; @mantine/form's own store would hold a second copy of the values and show errors only
 * after it validates.
 */

/** An error as the rules name it: a translation key and what it interpolates. */
export interface FieldError {
  key: string;
  values?: Record<string, string | number>;
}

/** A number input's value: empty while nothing is typed. */
type NumberValue = number | '';

type KeysOf<Values, Type> = { [Key in keyof Values]: Values[Key] extends Type ? Key : never }[keyof Values] & string;

interface BoundForm<Values> {
  values: Values;
  setValues: (update: (previous: Values) => Values) => void;
  /** The form changed, or edits a stored row: a required field's error waits for this. */
  dirty: boolean;
  isNew: boolean;
}

interface FieldOptions {
  /** Marked required; its error (empty) shows once the form changed or when editing a stored row. */
  required?: boolean;
}

export function bindFields<Values extends object>(
  form: BoundForm<Values>,
  errors: { [Key in keyof Values]?: FieldError | undefined },
  describe: (error: FieldError) => string,
) {
  const set = (change: Partial<Values>) => form.setValues((previous) => ({ ...previous, ...change }));
  const touched = form.dirty || !form.isNew;
  const shown = (name: keyof Values, options: FieldOptions) => {
    const error = errors[name];
    return error && (touched || !options.required) ? describe(error) : undefined;
  };
  const required = (options: FieldOptions) => (options.required ? { required: true } : {});
  return {
    /** Several fields at once (a change that moves two). */
    set,
    /** TextInput, Textarea, PasswordInput. */
    text: (name: KeysOf<Values, string>, options: FieldOptions = {}) => ({
      ...required(options),
      value: form.values[name] as string,
      onChange: (event: { currentTarget: { value: string } }) => set({ [name]: event.currentTarget.value } as Partial<Values>),
      error: shown(name, options),
    }),
    /** NumberInput: anything not a number (empty, a lone "-") is empty. */
    number: (name: KeysOf<Values, NumberValue>, options: FieldOptions = {}) => ({
      ...required(options),
      value: form.values[name] as NumberValue,
      onChange: (value: number | string) => set({ [name]: typeof value === 'number' ? value : '' } as Partial<Values>),
      error: shown(name, options),
    }),
    /** Checkbox, Switch. */
    checkbox: (name: KeysOf<Values, boolean>) => ({
      checked: form.values[name] as boolean,
      onChange: (event: { currentTarget: { checked: boolean } }) =>
        set({ [name]: event.currentTarget.checked } as Partial<Values>),
    }),
  };
}
