package dev.twinstack.mocks.contract;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * An HTTP/1.1 client on a plain socket, for the bad requests that no HTTP client library
 * sends (a request target that is no valid URI, raw non-ASCII header bytes, a malformed
 * request line or header): the bytes go out exactly as given, with
 * {@code Connection: close}, and the answer is read to the end of the connection.
 */
final class RawHttp {

	/** Longest wait for the server's answer (ms). */
	static final int READ_TIMEOUT_MILLIS = 10_000;

	private RawHttp() {
	}

	/**
	 * Sends a request and reads the answer.
	 * @param port the app's port on the loopback address
	 * @param request the whole request: request line, header fields, empty line, body
	 * @return the answer
	 */
	static Response send(int port, byte[] request) {
		try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
			socket.setSoTimeout(READ_TIMEOUT_MILLIS);
			OutputStream out = socket.getOutputStream();
			try {
				out.write(request);
				out.flush();
			}
			catch (SocketException ex) {
				// the server answered and closed before reading all of the request: read
				// what it answered
			}
			return parse(readAll(socket.getInputStream()));
		}
		catch (IOException ex) {
			throw new UncheckedIOException("no answer to " + preview(request), ex);
		}
	}

	/**
	 * A request with the given request line and header fields (each {@code name: value}),
	 * a {@code Host} header unless given, and {@code Connection: close}; non-ASCII
	 * characters as UTF-8 bytes.
	 * @param port the app's port, for the {@code Host} header
	 * @param requestLine e.g. {@code POST /profiles/42 HTTP/1.1}
	 * @param headerLines raw header lines, without line ends
	 * @return the request bytes (no body)
	 */
	static byte[] request(int port, String requestLine, String... headerLines) {
		StringBuilder request = new StringBuilder(requestLine).append("\r\n");
		boolean host = false;
		for (String line : headerLines) {
			host |= line.regionMatches(true, 0, "Host:", 0, 5);
			request.append(line).append("\r\n");
		}
		if (!host) {
			request.append("Host: 127.0.0.1:").append(port).append("\r\n");
		}
		request.append("Connection: close\r\n\r\n");
		return request.toString().getBytes(StandardCharsets.UTF_8);
	}

	/**
	 * A request as {@link #request(int, String, String...)}, with a body sent with a
	 * {@code Content-Length} or chunked.
	 * @param port the app's port, for the {@code Host} header
	 * @param method the method
	 * @param target the request target, as sent
	 * @param headerLines raw header lines, without line ends
	 * @param body the body, or {@code null} for none
	 * @param chunked whether to send the body chunked
	 * @return the request bytes
	 */
	static byte[] request(int port, String method, String target, List<String> headerLines, byte[] body,
			boolean chunked) {
		List<String> lines = new ArrayList<>(headerLines);
		if (body != null) {
			lines.add(chunked ? "Transfer-Encoding: chunked" : "Content-Length: " + body.length);
		}
		byte[] head = request(port, method + " " + target + " HTTP/1.1", lines.toArray(String[]::new));
		if (body == null) {
			return head;
		}
		ByteArrayOutputStream request = new ByteArrayOutputStream();
		request.writeBytes(head);
		if (chunked) {
			request.writeBytes((Integer.toHexString(body.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
			request.writeBytes(body);
			request.writeBytes("\r\n0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
		}
		else {
			request.writeBytes(body);
		}
		return request.toByteArray();
	}

	private static byte[] readAll(InputStream in) throws IOException {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		byte[] buffer = new byte[8192];
		try {
			for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
				bytes.write(buffer, 0, read);
			}
		}
		catch (SocketException ex) {
			// reset after the answer: keep what arrived
			if (bytes.size() == 0) {
				throw ex;
			}
		}
		return bytes.toByteArray();
	}

	private static Response parse(byte[] raw) {
		String text = new String(raw, StandardCharsets.ISO_8859_1);
		// skip interim answers (100 Continue)
		while (text.startsWith("HTTP/1.1 1")) {
			text = text.substring(text.indexOf("\r\n\r\n") + 4);
		}
		int end = text.indexOf("\r\n\r\n");
		if (!text.startsWith("HTTP/") || end < 0) {
			return new Response(-1, Map.of(), text, "");
		}
		String[] lines = text.substring(0, end).split("\r\n");
		int status = Integer.parseInt(lines[0].split(" ")[1]);
		Map<String, String> headers = new TreeMap<>();
		for (int i = 1; i < lines.length; i++) {
			int colon = lines[i].indexOf(':');
			headers.put(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT),
					lines[i].substring(colon + 1).trim());
		}
		String message = text.substring(end + 4);
		String body = message;
		String rest = "";
		if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
			StringBuilder dechunked = new StringBuilder();
			int bodyEnd = dechunk(message, dechunked);
			body = dechunked.toString();
			rest = message.substring(bodyEnd);
		}
		else if (headers.containsKey("content-length")) {
			int length = Math.min(Integer.parseInt(headers.get("content-length")), message.length());
			body = message.substring(0, length);
			rest = message.substring(length);
		}
		return new Response(status, headers,
				new String(body.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8), rest);
	}

	/**
	 * Decodes a chunked body.
	 * @param chunked the message after the header fields
	 * @param body receives the body's bytes
	 * @return where the message ends: after the last chunk and its (empty) trailer
	 * section
	 */
	private static int dechunk(String chunked, StringBuilder body) {
		int at = 0;
		while (true) {
			int lineEnd = chunked.indexOf("\r\n", at);
			int size = Integer.parseInt(chunked.substring(at, lineEnd).split(";")[0].trim(), 16);
			if (size == 0) {
				int trailerEnd = chunked.indexOf("\r\n\r\n", lineEnd);
				return (trailerEnd < 0) ? chunked.length() : trailerEnd + 4;
			}
			body.append(chunked, lineEnd + 2, lineEnd + 2 + size);
			at = lineEnd + 2 + size + 2;
		}
	}

	private static String preview(byte[] request) {
		String text = new String(request, StandardCharsets.ISO_8859_1);
		return (text.length() > 200) ? text.substring(0, 200) + "…" : text;
	}

	/**
	 * An answer.
	 *
	 * @param status the status code, or -1 when the server answered no HTTP response
	 * @param headers the header fields, names in lower case
	 * @param body the body, decoded as UTF-8
	 * @param rest what the server sent after the answer's end (as framed by
	 * {@code Content-Length} or chunked coding) before it closed the connection, as
	 * ISO-8859-1: e.g. the answer to a request pipelined behind
	 */
	record Response(int status, Map<String, String> headers, String body, String rest) {

	}

}
