import { useTranslation } from 'react-i18next';
import type { TMessage } from '@srpf/shared/whatsapp/messaging.schemas';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import type { Conversation } from '../lib/conversations';

const MESSAGE_TONES: Record<TMessage['status'], BadgeTone> = {
  received: 'info',
  queued: 'warning',
  sent: 'success',
  delivered: 'success',
  read: 'success',
  failed: 'danger',
  needs_check: 'warning',
};

export function MessageStatusBadge({ status }: { status: TMessage['status'] }) {
  const { t } = useTranslation('whatsapp');
  return <Badge tone={MESSAGE_TONES[status]}>{t(`status.${status}`)}</Badge>;
}

/** Spec 2.15: completed success, pending warning, otherwise default. */
const CONVERSATION_TONES: Record<Conversation['status'], BadgeTone> = {
  completed: 'success',
  pending: 'warning',
  other: 'neutral',
};

export function ConversationStatusBadge({ status }: { status: Conversation['status'] }) {
  const { t } = useTranslation('whatsapp');
  return <Badge tone={CONVERSATION_TONES[status]}>{t(`conversationStatus.${status}`)}</Badge>;
}
