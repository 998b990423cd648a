import { useState } from 'react';
import { Button, Input, Space } from 'antd';

/** Approve, or reject with the reason typed beside the buttons (a reviewer's row in a queue). */
export function Decision(p: { label: string; approveText: string; rejectText: string; onApprove: () => void; onReject: (reason: string) => void; pending: boolean }) {
  const [reason, setReason] = useState('');
  return (
    <Space orientation="vertical" size={4}>
      <Input size="small" aria-label={p.label} placeholder={p.label} value={reason} maxLength={2000} onChange={(e) => setReason(e.target.value)} />
      <Space>
        <Button size="small" type="primary" loading={p.pending} onClick={p.onApprove}>
          {p.approveText}
        </Button>
        <Button size="small" danger disabled={!reason.trim()} loading={p.pending} onClick={() => p.onReject(reason.trim())}>
          {p.rejectText}
        </Button>
      </Space>
    </Space>
  );
}
