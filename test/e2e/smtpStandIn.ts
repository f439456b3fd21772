/* eslint-disable @n8n/community-nodes/no-restricted-imports -- a test stand-in, never shipped */
/**
 * A mail server for the end-to-end suite: nodemailer's own `smtp-server` on a free local port,
 * with no TLS and no authentication offered, so that n8n's Send Email (nodemailer) delivers to it
 * as to an internal relay; each message is parsed by `mailparser` as a mail client reads it.
 */
import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
	from: string;
	to: string[];
	subject: string;
	/** The text body, its transfer encoding undone. */
	text: string;
}

export interface SmtpStandIn {
	host: string;
	port: number;
	messages: ReceivedMail[];
	close(): Promise<void>;
}

export async function startSmtpStandIn(): Promise<SmtpStandIn> {
	const messages: ReceivedMail[] = [];
	const server = new SMTPServer({
		disabledCommands: ['STARTTLS', 'AUTH'],
		authOptional: true,
		logger: false,
		onData(stream, session, callback) {
			simpleParser(stream).then(
				(mail) => {
					messages.push({
						from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
						to: session.envelope.rcptTo.map((recipient) => recipient.address),
						subject: mail.subject ?? '',
						text: mail.text ?? '',
					});
					callback();
				},
				(error: Error) => callback(error),
			);
		},
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.server.address() as AddressInfo;
	return {
		host: '127.0.0.1',
		port,
		messages,
		close: async () => await new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

/** n8n's SMTP credential for the stand-in, under the ID the examples name (`smtpYours`). */
export function smtpStandInCredential(standIn: SmtpStandIn, id: string) {
	return {
		id,
		name: 'SMTP (yours)',
		type: 'smtp',
		data: {
			user: '',
			password: '',
			host: standIn.host,
			port: standIn.port,
			secure: false,
			disableStartTls: true,
		},
	};
}
