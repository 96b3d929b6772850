package dev.twinstack.bench;

import java.util.List;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaPackage;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.AbstractClassesTransformer;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.all;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The bench's packages and the one way their dependencies point (see
 * {@code package-info.java} of {@code dev.twinstack.bench}): the orchestration on top,
 * the report and the results it reads, the analysis of the figures, the faults scenario,
 * measurement, load, processes, the settings and console everything may use, and under
 * the settings the matrix's vocabulary (stacks, workloads, cells), and {@code text}
 * (figures as text) under everything. Records carry the data up. {@code cli} (the render,
 * project and compare commands) sits on top of {@code compare}, {@code report} and
 * {@code results}, and nothing uses it. {@code plans} (the .jmx export and the GUI
 * command) sits beside {@code run} and {@code compare}, on top of {@code load}.
 * {@code queueing} (the queueing model) and {@code compare} (two result folders side by
 * side) may be empty.
 */
@AnalyzeClasses(packages = "dev.twinstack.bench", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTests {

	/**
	 * The most top-level classes a package may hold (package-info excluded): a package
	 * with more does several jobs and wants sub-packages.
	 */
	static final int MAX_CLASSES = 20;

	@ArchTest
	static final ArchRule dependenciesPointOneWay = layeredArchitecture().consideringOnlyDependenciesInLayers()
		.withOptionalLayers(true)
		.layer("cli")
		.definedBy("dev.twinstack.bench.cli..")
		.layer("run")
		.definedBy("dev.twinstack.bench.run..")
		.layer("compare")
		.definedBy("dev.twinstack.bench.compare..")
		.layer("plans")
		.definedBy("dev.twinstack.bench.plans..")
		.layer("report")
		.definedBy("dev.twinstack.bench.report..")
		.layer("results")
		.definedBy("dev.twinstack.bench.results..")
		.layer("analysis")
		.definedBy("dev.twinstack.bench.analysis..")
		.layer("queueing")
		.definedBy("dev.twinstack.bench.queueing..")
		.layer("faults")
		.definedBy("dev.twinstack.bench.faults..")
		.layer("measure")
		.definedBy("dev.twinstack.bench.measure..")
		.layer("load")
		.definedBy("dev.twinstack.bench.load..")
		.layer("process")
		.definedBy("dev.twinstack.bench.process..")
		.layer("console")
		.definedBy("dev.twinstack.bench.console..")
		.layer("settings")
		.definedBy("dev.twinstack.bench.settings..")
		.layer("matrix")
		.definedBy("dev.twinstack.bench.matrix..")
		.layer("text")
		.definedBy("dev.twinstack.bench.text..")
		.whereLayer("cli")
		.mayNotBeAccessedByAnyLayer()
		.whereLayer("cli")
		.mayOnlyAccessLayers("compare", "report", "results", "queueing", "settings", "text")
		.whereLayer("run")
		.mayNotBeAccessedByAnyLayer()
		.whereLayer("compare")
		.mayOnlyBeAccessedByLayers("cli")
		.whereLayer("plans")
		.mayNotBeAccessedByAnyLayer()
		.whereLayer("plans")
		.mayOnlyAccessLayers("load", "settings", "matrix", "text")
		.whereLayer("compare")
		.mayOnlyAccessLayers("report", "results", "analysis", "queueing", "faults", "measure", "load", "console",
				"settings", "matrix", "text")
		.whereLayer("report")
		.mayOnlyAccessLayers("results", "analysis", "queueing", "faults", "measure", "load", "settings", "matrix",
				"text")
		.whereLayer("results")
		.mayOnlyAccessLayers("analysis", "queueing", "faults", "measure", "load", "settings", "matrix", "text")
		.whereLayer("analysis")
		.mayOnlyAccessLayers("queueing", "measure", "load", "settings", "matrix", "text")
		.whereLayer("queueing")
		.mayOnlyAccessLayers("text")
		.whereLayer("faults")
		.mayOnlyAccessLayers("measure", "load", "process", "console", "settings", "matrix", "text")
		.whereLayer("measure")
		.mayOnlyAccessLayers("load", "process", "console", "settings", "matrix", "text")
		.whereLayer("load")
		.mayOnlyAccessLayers("process", "console", "settings", "matrix", "text")
		.whereLayer("process")
		.mayOnlyAccessLayers("console", "settings", "matrix", "text")
		.whereLayer("console")
		.mayOnlyAccessLayers("text")
		.whereLayer("settings")
		.mayOnlyAccessLayers("matrix", "text")
		.whereLayer("matrix")
		.mayOnlyAccessLayers("text")
		.whereLayer("text")
		.mayNotAccessAnyLayer();

	@ArchTest
	static final ArchRule noPackageCycles = slices().matching("dev.twinstack.bench.(*)..").should().beFreeOfCycles();

	@ArchTest
	static final ArchRule packagesStaySmall = all(benchPackages()).should(holdAtMostTopLevelClasses(MAX_CLASSES));

	private static AbstractClassesTransformer<JavaPackage> benchPackages() {
		return new AbstractClassesTransformer<>("packages of the bench") {
			@Override
			public Iterable<JavaPackage> doTransform(JavaClasses classes) {
				return classes.getPackage("dev.twinstack.bench").getSubpackagesInTree();
			}
		};
	}

	private static ArchCondition<JavaPackage> holdAtMostTopLevelClasses(int max) {
		return new ArchCondition<>("hold at most " + max + " top-level classes") {
			@Override
			public void check(JavaPackage javaPackage, ConditionEvents events) {
				List<String> names = javaPackage.getClasses()
					.stream()
					.filter((javaClass) -> javaClass.isTopLevelClass() && !javaClass.isArray())
					.map(JavaClass::getSimpleName)
					.filter((name) -> !name.equals("package-info"))
					.sorted()
					.toList();
				events.add(new SimpleConditionEvent(javaPackage, names.size() <= max, javaPackage.getName() + " holds "
						+ names.size() + " top-level classes (at most " + max + "): " + names));
			}
		};
	}

}
