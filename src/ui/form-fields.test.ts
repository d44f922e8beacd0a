import { describe, expect, it } from 'vitest';
import { bindFields, type FieldError } from './form-fields.ts';

interface Values {
  name: string;
  weight: number | '';
  enabled: boolean;
}

function formOf(values: Values, state: { dirty: boolean; isNew: boolean }) {
  const form = {
    values,
    ...state,
    setValues: (update: (previous: Values) => Values) => {
      form.values = update(form.values);
    },
  };
  return form;
}

const errors: { [Key in keyof Values]?: FieldError } = {
  name: { key: 'nameRequired' },
  weight: { key: 'tooLight', values: { min: 2 } },
};
const describeError = (error: FieldError) => `${error.key}${error.values ? ` ${JSON.stringify(error.values)}` : ''}`;

describe('field helpers', () => {
  it("keep a required field's error until the new form changed, and show the others at once", () => {
    const untouched = bindFields(
      formOf({ name: '', weight: 1, enabled: true }, { dirty: false, isNew: true }),
      errors,
      describeError,
    );
    expect(untouched.text('name', { required: true })).toMatchObject({ required: true, value: '', error: undefined });
    expect(untouched.number('weight').error).toBe('tooLight {"min":2}');
    const changed = bindFields(
      formOf({ name: '', weight: 1, enabled: true }, { dirty: true, isNew: true }),
      errors,
      describeError,
    );
    expect(changed.text('name', { required: true }).error).toBe('nameRequired');
    const stored = bindFields(
      formOf({ name: '', weight: 1, enabled: true }, { dirty: false, isNew: false }),
      errors,
      describeError,
    );
    expect(stored.text('name', { required: true }).error).toBe('nameRequired');
  });

  it('write what the inputs give back into the values, keeping the other fields', () => {
    const form = formOf({ name: 'T-1', weight: 3, enabled: true }, { dirty: false, isNew: false });
    const field = bindFields(form, {}, describeError);
    field.text('name').onChange({ currentTarget: { value: 'T-2' } });
    field.number('weight').onChange('-');
    field.checkbox('enabled').onChange({ currentTarget: { checked: false } });
    expect(form.values).toEqual({ name: 'T-2', weight: '', enabled: false });
    expect(field.checkbox('enabled').checked).toBe(false);
    expect('required' in field.text('name')).toBe(false);
  });
});
