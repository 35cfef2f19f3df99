import { useTranslation } from 'react-i18next';

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return <span className={`status status-${status}`}>{t(`help.status.${status}`)}</span>;
}

export function PriorityBadge({ priority }: { priority: string }) {
  const { t } = useTranslation();
  return <span className={`status priority-${priority}`}>{t(`help.priority.${priority}`)}</span>;
}
