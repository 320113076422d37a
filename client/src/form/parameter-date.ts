// A business or system parameter whose field type is Date (1650, seed 003 §9) keeps its value as a
// real day (YYYY-MM-DD, engine/parameters/parameter-rules.ts): on the Parameters forms (WebForms
// 61/149) its Value is then typed DD/MM/YYYY with the form's date editor instead of the text box,
// and a wrongly typed day is named before the save. Any other form or type is left as it is.
import { WIDGETS, type FormModel, type FormValues } from './form-schema';
import { WIRE_DATE_PATTERN } from './dates';

export const DATE_PARAMETER_TYPE = 1650;
const VALUE = 'value0';

/** The model to render: `model` itself unless the values are a parameter whose type is Date. */
export function parameterDateModel(model: FormModel, data: FormValues | undefined): FormModel {
  const value = model.fields.find((f) => f.name === VALUE);
  if (!value || !model.fields.some((f) => f.name === 'fieldtype') || Number(data?.fieldtype) !== DATE_PARAMETER_TYPE) return model;
  const ui = (model.uiSchema[VALUE] ?? {}) as Record<string, unknown>;
  const props = (model.schema.properties ?? {}) as Record<string, object>;
  return {
    ...model,
    fields: model.fields.map((f) => (f === value ? { ...f, kind: 'date' } : f)),
    schema: { ...model.schema, properties: { ...props, [VALUE]: { ...props[VALUE], type: 'string', pattern: WIRE_DATE_PATTERN } } },
    uiSchema: { ...model.uiSchema, [VALUE]: { ...ui, 'ui:widget': WIDGETS.date } },
  };
}
