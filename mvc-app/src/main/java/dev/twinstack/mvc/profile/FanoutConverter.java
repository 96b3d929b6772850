package dev.twinstack.mvc.profile;

import org.springframework.data.mongodb.core.convert.MongoConversionContext;
import org.springframework.data.mongodb.core.convert.MongoValueConverter;

/**
 * Stores a {@link Fanout} in MongoDB as its lower-case value ({@code sequential},
 * {@code parallel}), the same spelling as in the JSON body.
 */
class FanoutConverter implements MongoValueConverter<Fanout, String> {

	@Override
	public Fanout read(String value, MongoConversionContext context) {
		Fanout fanout = Fanout.fromValue(value);
		if (fanout == null) {
			throw new IllegalArgumentException(
					"stored fanout must be one of " + Fanout.ACCEPTED + ", got '" + value + "'");
		}
		return fanout;
	}

	@Override
	public String write(Fanout fanout, MongoConversionContext context) {
		return fanout.value();
	}

}
