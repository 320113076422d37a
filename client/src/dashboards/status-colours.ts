// The chart colours of seed 000 §4.2, one per colour name with the status labels that use it.
// The chart editor offers them as swatches; seeds/demo-dashboards.ts uses the same values.
export interface StatusColour {
  name: string;
  hex: string;
  statuses: string;
}

export const STATUS_COLOURS: readonly StatusColour[] = [
  { name: 'Green', hex: '#16a34a', statuses: 'Paid, Active, Accepted' },
  { name: 'Blue', hex: '#2563eb', statuses: 'Open' },
  { name: 'Light green', hex: '#4ade80', statuses: 'Approved' },
  { name: 'Red', hex: '#dc2626', statuses: 'Cancelled, Application Rejected, Payment Rejected, Rejected, On Hold, Closed With Resubmission' },
  { name: 'Black', hex: '#000000', statuses: 'Closed' },
  { name: 'Lime', hex: '#84cc16', statuses: 'Responded, Recommended, Ready' },
  { name: 'Indigo', hex: '#4f46e5', statuses: 'Pending' },
  { name: 'Teal', hex: '#0d9488', statuses: 'Pending Payment, Pending Verification' },
  { name: 'Amber', hex: '#f59e0b', statuses: 'New, Recommend to Reject' },
];
