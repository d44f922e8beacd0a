import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Customer } from '#core/contract/master-data';
import { CUSTOMER_COLUMNS } from '../columns.ts';
import { bindFields } from '#src/ui/form-fields.ts';
import { FormModal } from '#src/ui/form-modal.tsx';
import { customerErrors, customerInput, customerValues, hasErrors } from '../forms/form-values.ts';
import { useRecordForm } from '../forms/use-record-form.ts';
import { MasterDataPage } from '../master-data-page.tsx';
import { type AdminContext, useAdminContext } from '../use-admin-context.ts';

/** /manage-company/customers (spec 2 §2): one field, the customer's name. */
export function CustomersPage() {
  const { t } = useTranslation('administration');
  const context = useAdminContext();
  if (!context) return null;
  return (
    <MasterDataPage
      context={context}
      collection="customers"
      type="customer"
      title={t('customers.title')}
      columns={CUSTOMER_COLUMNS}
      itemName={(row) => row.customerName}
      renderForm={(row, close) => <CustomerForm context={context} row={row} onClose={close} />}
    />
  );
}

function CustomerForm({ context, row, onClose }: { context: AdminContext; row: Customer | null; onClose: () => void }) {
  const { t } = useTranslation('administration');
  const form = useRecordForm({
    collection: 'customers',
    organizationId: context.organizationId,
    row,
    toValues: customerValues,
    toInput: customerInput,
    nameOf: (customer) => customer.customerName,
    onSaved: onClose,
  });
  const errors = customerErrors(form.values);
  const field = bindFields(form, errors, (error) => t(error.key));
  return (
    <FormModal
      {...form.modal}
      title={form.isNew ? t('customers.createTitle') : t('customers.editTitle', { name: form.row?.customerName })}
      canSave={!hasErrors(errors)}
      onClose={onClose}
      size="md"
      testId="customer-form"
    >
      <TextInput
        label={t('fields.customerName')}
        data-autofocus
        {...field.text('customerName', { required: true })}
        data-testid="customer-name"
      />
    </FormModal>
  );
}
