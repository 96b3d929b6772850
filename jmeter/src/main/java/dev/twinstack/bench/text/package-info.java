/**
 * How the bench writes its figures as text, the same in every report, log line and result
 * file (the root locale: a point before decimals, whatever the machine's locale).
 */
package dev.twinstack.bench.text;
